-- Neovim's own LSP client against `fenkit lsp`, set up by the Neovim block of docs/editors.md
-- (tests/nvim/check.sh extracts it and loads it as the init file): open a document, wait for the
-- diagnostics, write them as JSON; on request, also the quick fixes of a line and the hover of
-- another. Works with Neovim 0.7 and later:
--   PATH=DIR_OF_FENKIT:$PATH DOCUMENT=examples/tour.txt FILETYPE=fen OUT=/tmp/nvim.json \
--     nvim --headless -i NONE -u init.lua -c 'luafile tests/nvim/check.lua'
-- (check.sh runs it under pcall, so that an error ends Neovim with an error status).
-- FILETYPE sets the language of a document whose name does not say it (the tour is a .txt);
-- ACTION_LINE and HOVER_LINE (1-based) ask for the quick fixes and the hover, written with the
-- language and the diagnostics to EDITOR_OUT in tests/editors/verify.py's form.
local function fail(message)
  io.stderr:write('check.lua: ' .. message .. '\n')
  vim.cmd('cquit 1')
end

local function clients()
  if vim.lsp.get_clients then
    return vim.lsp.get_clients({ bufnr = 0 })
  end
  return vim.lsp.buf_get_clients(0)
end

vim.cmd('edit ' .. vim.fn.fnameescape(vim.env.DOCUMENT))
if vim.env.FILETYPE then
  vim.bo.filetype = vim.env.FILETYPE
end
if not vim.wait(10000, function() return next(clients()) ~= nil end, 20) then
  fail('the setup of docs/editors.md attached no client to ' .. vim.env.DOCUMENT
    .. ' (filetype `' .. vim.bo.filetype .. '`)')
end

-- All of a document's diagnostics come in one publication.
local arrived = vim.wait(20000, function()
  return #vim.diagnostic.get(0) > 0
end, 20)
if not arrived then
  fail('no diagnostics from fenkit lsp within 20 seconds')
end

local found = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  local lsp = (d.user_data or {}).lsp or {}
  table.insert(found, {
    code = d.code or lsp.code,
    lnum = d.lnum,
    col = d.col,
    end_lnum = d.end_lnum,
    end_col = d.end_col,
    severity = d.severity,
  })
end
local function write(path, value)
  local file = io.open(path, 'w')
  file:write(vim.fn.json_encode(value))
  file:close()
end
write(vim.env.OUT, found)

-- A request to the server, its results from every client as one list.
local function ask(method, params)
  local results = {}
  for _, response in pairs(vim.lsp.buf_request_sync(0, method, params, 10000) or {}) do
    if response.err then
      fail(method .. ': ' .. vim.inspect(response.err))
    end
    table.insert(results, response.result)
  end
  return results
end

if vim.env.EDITOR_OUT then
  local uri = vim.uri_from_bufnr(0)
  local action_line = tonumber(vim.env.ACTION_LINE) - 1
  local actions = {}
  for _, result in ipairs(ask('textDocument/codeAction', {
    textDocument = { uri = uri },
    range = { start = { line = action_line, character = 0 }, ['end'] = { line = action_line, character = 0 } },
    context = { diagnostics = {} },
  })) do
    for _, action in ipairs(result or {}) do
      table.insert(actions, action.title)
    end
  end
  local hover = ''
  for _, result in ipairs(ask('textDocument/hover', {
    textDocument = { uri = uri },
    position = { line = tonumber(vim.env.HOVER_LINE) - 1, character = 0 },
  })) do
    local contents = (result or {}).contents or {}
    hover = hover .. (contents.value or '')
  end
  local diagnostics = {}
  for _, d in ipairs(found) do
    table.insert(diagnostics, { d.code, d.lnum + 1, d.col })
  end
  write(vim.env.EDITOR_OUT, {
    language = vim.bo.filetype,
    diagnostics = diagnostics,
    actions = actions,
    hover = hover,
  })
end

-- A clean shutdown (shutdown, exit) before Neovim leaves.
for _, client in pairs(clients()) do
  local id = client.id
  vim.lsp.stop_client(id)
  vim.wait(5000, function()
    return vim.lsp.get_client_by_id(id) == nil
  end, 20)
end
vim.cmd('qall!')
