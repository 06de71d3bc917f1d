-- Neovim's own LSP client against `fenkit lsp`: open a document as a fenkit language, wait for
-- the diagnostics, write them as JSON. Run by tests/nvim/check.sh (works with Neovim 0.7+):
--   FENKIT=target/release/fenkit DOCUMENT=examples/tour.txt FILETYPE=fen OUT=/tmp/nvim.json \
--     nvim --headless --clean -u tests/nvim/check.lua
local function fail(message)
  io.stderr:write('check.lua: ' .. message .. '\n')
  vim.cmd('cquit 1')
end

vim.cmd('edit ' .. vim.fn.fnameescape(vim.env.DOCUMENT))
-- The tour is a .txt file: the filetype (and so the language id) says it is a fenkit document.
vim.bo.filetype = vim.env.FILETYPE or 'fen'
local client = vim.lsp.start_client({
  name = 'fenkit',
  cmd = { vim.env.FENKIT or 'fenkit', 'lsp' },
  root_dir = vim.fn.getcwd(),
})
if not client then
  fail('could not start ' .. (vim.env.FENKIT or 'fenkit'))
end
vim.lsp.buf_attach_client(0, client)

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
local file = io.open(vim.env.OUT, 'w')
file:write(vim.fn.json_encode(found))
file:close()
-- A clean shutdown (shutdown, exit) before Neovim leaves.
vim.lsp.stop_client(client)
vim.wait(5000, function()
  return vim.lsp.get_client_by_id(client) == nil
end, 20)
vim.cmd('qall!')
