// Validates every Istio object of a rendered deploy/ overlay against Istio's CRD schemas, as
// published in @kubernetes-models/istio (pinned by package-lock.json). Input: a JSON array of
// objects (deploy/tools/check splits the rendered YAML). Exit 1 naming kind/name and the
// schema errors; an Istio kind this script does not know is an error too (nothing unchecked).
import { readFileSync } from "node:fs";
import * as extensions from "@kubernetes-models/istio/extensions.istio.io/v1alpha1";
import * as securityV1 from "@kubernetes-models/istio/security.istio.io/v1";
import * as networkingV1 from "@kubernetes-models/istio/networking.istio.io/v1";

const models = {
  "extensions.istio.io/v1alpha1": extensions,
  "security.istio.io/v1": securityV1,
  "networking.istio.io/v1": networkingV1,
};

const objects = JSON.parse(readFileSync(process.argv[2], "utf8"));
let failed = 0;
for (const o of objects) {
  const where = `${o.apiVersion} ${o.kind} ${o.metadata?.namespace ?? ""}/${o.metadata?.name ?? ""}`;
  const Model = models[o.apiVersion]?.[o.kind];
  if (!Model) {
    console.error(`${where}: no schema known for this Istio kind`);
    failed++;
    continue;
  }
  try {
    new Model(o).validate();
    console.log(`${where}: valid`);
  } catch (e) {
    console.error(`${where}: ${e.message}`);
    failed++;
  }
}
if (objects.length === 0) {
  console.error("no Istio objects to validate");
  failed++;
}
process.exit(failed ? 1 : 0);
