//! `inject_overlay`: the overlay tag lands once, in the right place, never inside a script or a
//! comment, and a page that already carries it is left alone. Runs natively and in wasm; the
//! property tests are native only (proptest does not run in wasm).
use orrery_learning_guard::console::{inject_overlay, OVERLAY_SRC, OVERLAY_TAG};

const T: &str = OVERLAY_TAG;

fn inject(html: &str) -> Option<String> {
    inject_overlay(html.as_bytes()).map(|b| String::from_utf8(b).expect("utf-8 in, utf-8 out"))
}

#[test]
fn the_tag_is_the_console_script_deferred() {
    assert_eq!(T, "<script src=\"/learning/console.js\" defer></script>");
    assert!(T.contains(OVERLAY_SRC));
}

#[test]
fn insertion_table() {
    // (name, input, expected output with `@` standing for the tag)
    let cases: &[(&str, &str, &str)] = &[
        (
            "before </head>",
            "<html><head><title>x</title></head><body>hi</body></html>",
            "<html><head><title>x</title>@</head><body>hi</body></html>",
        ),
        (
            "</HEAD> in upper case",
            "<HTML><HEAD></HEAD><BODY></BODY></HTML>",
            "<HTML><HEAD>@</HEAD><BODY></BODY></HTML>",
        ),
        (
            "</Head > with a space",
            "<head><meta charset=utf-8></Head ><body></body>",
            "<head><meta charset=utf-8>@</Head ><body></body>",
        ),
        (
            "no head: before </body>",
            "<!doctype html><body><p>hi</p></body></html>",
            "<!doctype html><body><p>hi</p>@</body></html>",
        ),
        (
            "</BODY> in upper case",
            "<p>hi</p></BODY>",
            "<p>hi</p>@</BODY>",
        ),
        (
            "neither: at the end",
            "<p>just a fragment</p>",
            "<p>just a fragment</p>@",
        ),
        ("empty page: the tag alone", "", "@"),
        (
            "</header> is not </head>",
            "<body><header>top</header><main></main></body>",
            "<body><header>top</header><main></main>@</body>",
        ),
        (
            "</bodyguard> is not </body>",
            "<x></bodyguard>",
            "<x></bodyguard>@",
        ),
        (
            "</head> inside a head script is skipped",
            "<head><script>var s = \"</head>\";</script></head><body></body>",
            "<head><script>var s = \"</head>\";</script>@</head><body></body>",
        ),
        (
            "</head> inside an upper-case SCRIPT is skipped",
            "<head><SCRIPT type=module>x = '</head>'</SCRIPT ></head>",
            "<head><SCRIPT type=module>x = '</head>'</SCRIPT >@</head>",
        ),
        (
            "</head> inside a comment is skipped",
            "<head><!-- old </head> --></head><body></body>",
            "<head><!-- old </head> -->@</head><body></body>",
        ),
        (
            "</head> inside style and title is skipped",
            "<head><title></head></title><style>/*</head>*/</style></head>",
            "<head><title></head></title><style>/*</head>*/</style>@</head>",
        ),
        (
            "<scripts> is not a script element",
            "<head><scripts></head>",
            "<head><scripts>@</head>",
        ),
        (
            "an unterminated script: at the end",
            "<body><script>if (a </body>",
            "<body><script>if (a </body>@",
        ),
        (
            "an unterminated comment: before an earlier </body> or at the end",
            "<body></body><!-- </head>",
            "<body>@</body><!-- </head>",
        ),
        (
            "the first </head> wins",
            "<head></head><head></head>",
            "<head>@</head><head></head>",
        ),
        (
            "a stand-in-like console page",
            "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<style>#log{}</style>\n</head>\n<body>\n<script>\n(function(){ document.title = \"</body>\"; })();\n</script>\n</body>\n</html>\n",
            "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<style>#log{}</style>\n@</head>\n<body>\n<script>\n(function(){ document.title = \"</body>\"; })();\n</script>\n</body>\n</html>\n",
        ),
    ];
    for (name, input, want) in cases {
        let want = want.replace('@', T);
        assert_eq!(inject(input).as_deref(), Some(want.as_str()), "{name}");
    }
}

#[test]
fn a_page_that_names_the_script_is_left_alone() {
    for page in [
        format!("<head>{T}</head>"),
        "<head><script src='/learning/console.js'></script></head>".to_string(),
        "<body><script defer src=/learning/console.js></script></body>".to_string(),
    ] {
        assert_eq!(inject(&page), None, "{page}");
    }
}

#[test]
fn injection_is_idempotent() {
    let once = inject("<html><head></head><body></body></html>").unwrap();
    assert_eq!(once.matches(OVERLAY_SRC).count(), 1);
    assert_eq!(inject(&once), None);
}

#[test]
fn non_utf8_bytes_pass_through() {
    let page: &[u8] = b"<head>\xff\xfe caf\xe9</head>";
    let out = inject_overlay(page).unwrap();
    let mut want = b"<head>\xff\xfe caf\xe9".to_vec();
    want.extend_from_slice(T.as_bytes());
    want.extend_from_slice(b"</head>");
    assert_eq!(out, want);
}

#[cfg(not(target_arch = "wasm32"))]
mod props {
    use super::*;
    use proptest::prelude::*;

    fn piece() -> impl Strategy<Value = String> {
        prop_oneof![
            3 => "[a-zA-Z0-9 =\"'/<>!-]{0,12}",
            1 => Just("</head>".to_string()),
            1 => Just("</HEAD >".to_string()),
            1 => Just("</body>".to_string()),
            1 => Just("<script>".to_string()),
            1 => Just("</script>".to_string()),
            1 => Just("<!--".to_string()),
            1 => Just("-->".to_string()),
            1 => Just("<style>".to_string()),
            1 => Just("</header>".to_string()),
        ]
    }

    fn page() -> impl Strategy<Value = String> {
        prop::collection::vec(piece(), 0..24).prop_map(|v| v.concat())
    }

    proptest! {
        /// The output is the input with exactly one tag spliced in at a char boundary, and a
        /// second pass does nothing.
        #[test]
        fn one_tag_spliced_in(html in page()) {
            prop_assume!(!html.contains(OVERLAY_SRC));
            let out = inject(&html).unwrap();
            prop_assert_eq!(out.len(), html.len() + T.len());
            prop_assert_eq!(out.matches(T).count(), 1);
            let at = out.find(T).unwrap();
            prop_assert_eq!(format!("{}{}", &out[..at], &out[at + T.len()..]), html.clone());
            prop_assert_eq!(inject(&out), None);
        }

        /// Whatever surrounds it, a real `</head>` in a plain page gets the tag right before it.
        #[test]
        fn lands_before_the_head_close(before in "[a-z =>]{0,20}", after in page()) {
            let html = format!("<head>{before}</head>{after}");
            prop_assume!(!html.contains(OVERLAY_SRC));
            let out = inject(&html).unwrap();
            let at = out.find(T).unwrap();
            prop_assert!(out[at + T.len()..].starts_with("</head>"));
        }
    }
}
