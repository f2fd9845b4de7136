// Cargo runner for wasm32-wasip1: runs a test binary under Node's WASI, so the guard's tests run
// as the same 32-bit wasm code that Envoy loads. Usage (by cargo): node tools/wasi-run.mjs FILE.wasm [ARGS...]
import { readFile } from "node:fs/promises";
import { WASI } from "node:wasi";
import { argv, env, exit } from "node:process";

const [file, ...args] = argv.slice(2);
const wasi = new WASI({ version: "preview1", args: [file, ...args], env, preopens: { "/": "/" }, returnOnExit: true });
const module = await WebAssembly.compile(await readFile(file));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
exit(wasi.start(instance));
