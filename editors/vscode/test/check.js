// The extension's setup against `fenkit lsp`, without VS Code: the language of DOCUMENT as
// package.json's `contributes.languages` names it (by its extension), the server started as
// extension.js starts it (`fenkit lsp`, the default `fenkit.initializationOptions`), the
// document opened with that language id; then the diagnostics, the quick fixes of ACTION_LINE
// and the hover of HOVER_LINE (1-based), written to EDITOR_OUT in tests/editors/verify.py's form.
//   FENKIT=fenkit DOCUMENT=../../tests/editors/sample.fen HOVER_LINE=1 ACTION_LINE=2 \
//     EDITOR_OUT=/tmp/vscode.json node test/check.js
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');
const rpc = require('vscode-jsonrpc/node');

const manifest = require('../package.json');
const settings = manifest.contributes.configuration.properties;

function fail(message) {
  console.error(`check.js: ${message}`);
  process.exit(1);
}

async function main() {
  const document = path.resolve(process.env.DOCUMENT);
  const language = manifest.contributes.languages.find((entry) =>
    entry.extensions.includes(path.extname(document)),
  );
  if (!language) fail(`package.json declares no language for ${document}`);
  const server = spawn(process.env.FENKIT || settings['fenkit.path'].default, ['lsp']);
  server.on('error', (error) => fail(`could not start fenkit lsp: ${error.message}`));
  const connection = rpc.createMessageConnection(
    new rpc.StreamMessageReader(server.stdout),
    new rpc.StreamMessageWriter(server.stdin),
  );
  const uri = pathToFileURL(document).href;
  const published = new Promise((resolve) => {
    connection.onNotification('textDocument/publishDiagnostics', (params) => {
      if (params.uri === uri) resolve(params.diagnostics);
    });
  });
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(process.cwd()).href,
    capabilities: {},
    initializationOptions: settings['fenkit.initializationOptions'].default,
  });
  connection.sendNotification('initialized', {});
  connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: language.id, version: 1, text: fs.readFileSync(document, 'utf8') },
  });
  const timeout = new Promise((resolve) => setTimeout(() => resolve(null), 20000));
  const diagnostics = await Promise.race([published, timeout]);
  if (!diagnostics) fail('no diagnostics from fenkit lsp within 20 seconds');
  const line = (variable) => Number(process.env[variable]) - 1;
  const at = { line: line('ACTION_LINE'), character: 0 };
  const actions = await connection.sendRequest('textDocument/codeAction', {
    textDocument: { uri },
    range: { start: at, end: at },
    context: { diagnostics: [] },
  });
  const hover = await connection.sendRequest('textDocument/hover', {
    textDocument: { uri },
    position: { line: line('HOVER_LINE'), character: 0 },
  });
  fs.writeFileSync(
    process.env.EDITOR_OUT,
    JSON.stringify({
      language: language.id,
      diagnostics: diagnostics.map((d) => [d.code, d.range.start.line + 1, d.range.start.character]),
      actions: (actions || []).map((action) => action.title),
      hover: hover && hover.contents ? hover.contents.value : '',
    }),
  );
  await connection.sendRequest('shutdown');
  connection.sendNotification('exit');
  server.on('exit', () => process.exit(0));
}

main().catch((error) => fail(error.stack || String(error)));
