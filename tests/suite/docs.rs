//! The diagnostic-code table of `docs/codes.md` is the list in `fenkit::codes::all()`, row for
//! row.
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
fn code_table_matches_the_codes() {
    let page =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/codes.md")).unwrap();
    let start = page
        .find("<!-- codes:start -->\n")
        .expect("docs/codes.md has a codes:start marker")
        + "<!-- codes:start -->\n".len();
    let end = page
        .find("<!-- codes:end -->")
        .expect("docs/codes.md has a codes:end marker");
    let expected = expected_table();
    assert!(
        page[start..end] == expected,
        "the code table of docs/codes.md is out of date; replace it with:\n{expected}"
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

/// The anchor GitHub gives a Markdown heading: lowercase, spaces as `-`, punctuation dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown file's headings (outside code blocks).
fn anchors(text: &str) -> Vec<String> {
    let mut in_code = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        } else if !in_code && line.starts_with('#') {
            found.push(anchor(line.trim_start_matches('#')));
        }
    }
    found
}

#[test]
fn links_between_the_docs_point_at_files_and_headings() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = vec![root.join("README.md"), root.join("CHANGELOG.md")];
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|ext| ext == "md") {
            pages.push(path);
        }
    }
    let mut broken = Vec::new();
    for page in &pages {
        let text = std::fs::read_to_string(page).unwrap();
        let mut targets = Vec::new();
        let mut rest = text.as_str();
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let Some(end) = rest.find(')') else { break };
            targets.push(&rest[..end]);
        }
        // Reference-style definitions, `[codes.md]: codes.md`, as the guides link each other.
        targets.extend(text.lines().filter_map(|line| {
            let (label, target) = line.split_once("]: ")?;
            label.starts_with('[').then_some(target.trim())
        }));
        for target in targets {
            if target.starts_with("http") || target.contains(' ') {
                continue;
            }
            let (file, fragment) = target.split_once('#').unwrap_or((target, ""));
            let file = if file.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(file)
            };
            if !file.exists() {
                broken.push(format!("{}: {target} (no such file)", page.display()));
            } else if !fragment.is_empty() {
                let linked = std::fs::read_to_string(&file).unwrap();
                if !anchors(&linked).iter().any(|a| a == fragment) {
                    broken.push(format!("{}: {target} (no such heading)", page.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}
