//! Writes the explanation of every code as JSON on standard output, for the npm package's
//! `explanations.json` (web/build.sh runs it natively): the texts ship beside the WebAssembly
//! module rather than inside it, which keeps the module small, and `explain()` reads them.

use std::io::Write;

/// An explanation as `explain()` returns it.
#[derive(serde::Serialize)]
struct Explanation<'a> {
    code: &'a str,
    summary: &'a str,
    text: Option<&'a str>,
    wrong: Option<&'a str>,
    right: Option<&'a str>,
    url: String,
}

fn main() -> std::io::Result<()> {
    let explanations: Vec<Explanation> = fenkit::codes::all()
        .map(|info| {
            let explanation = fenkit::codes::explain(info.code);
            Explanation {
                code: info.code,
                summary: info.summary,
                text: explanation.map(|e| e.text),
                wrong: explanation.and_then(|e| e.wrong.as_ref().map(|w| w.record)),
                right: explanation.map(|e| e.right.record),
                url: fenkit::codes::url(info.code),
            }
        })
        .collect();
    let json = serde_json::to_string(&explanations).map_err(std::io::Error::other)?;
    let mut out = std::io::stdout().lock();
    out.write_all(json.as_bytes())?;
    out.write_all(b"\n")
}
