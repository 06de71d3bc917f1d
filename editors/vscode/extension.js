// The fenkit extension: runs `fenkit lsp` for the languages package.json declares (each by its
// file extension), with the options of the `fenkit.*` settings.
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

const LANGUAGES = require('./package.json').contributes.languages.map((language) => language.id);

let client;

function activate() {
  const settings = vscode.workspace.getConfiguration('fenkit');
  client = new LanguageClient(
    'fenkit',
    'fenkit',
    { command: settings.get('path', 'fenkit'), args: ['lsp'] },
    {
      documentSelector: LANGUAGES.map((language) => ({ language })),
      initializationOptions: settings.get('initializationOptions', {}),
    },
  );
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate, LANGUAGES };
