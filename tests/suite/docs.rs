//! The README's diagnostic-code table is the list in `fenkit::codes::all()`, row for row.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

fn expected_table() -> String {
    let mut table = String::from("| code | reported as | meaning |\n| --- | --- | --- |\n");
    for info in fenkit::codes::all() {
        table.push_str(&format!(
            "| `{}` | {} | {} |\n",
            info.code,
            info.kind.describe(),
            info.summary
        ));
    }
    table
}

#[test]
fn readme_code_table_matches_the_codes() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let start = readme
        .find("<!-- codes:start -->\n")
        .expect("README has a codes:start marker")
        + "<!-- codes:start -->\n".len();
    let end = readme
        .find("<!-- codes:end -->")
        .expect("README has a codes:end marker");
    let expected = expected_table();
    assert!(
        readme[start..end] == expected,
        "the README's code table is out of date; replace it with:\n{expected}"
    );
}

#[test]
fn codes_are_unique_and_well_formed() {
    let mut seen = std::collections::BTreeSet::new();
    for info in fenkit::codes::all() {
        assert!(seen.insert(info.code), "{} twice", info.code);
        let parts: Vec<&str> = info.code.split("::").collect();
        assert_eq!(parts.len(), 3, "{}", info.code);
        assert_eq!(parts[0], "fenkit");
        assert!(
            parts[2].chars().all(|c| c.is_ascii_lowercase() || c == '_'),
            "{}",
            info.code
        );
    }
}
