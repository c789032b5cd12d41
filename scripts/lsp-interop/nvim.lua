-- nvim.lua: drives `speedgrapher lsp` with Neovim's built-in LSP client
-- (0.7 or later), headless. Run as
--   SG_BIN=path/to/speedgrapher nvim --headless -u NONE -c "luafile nvim.lua"
-- It opens a draft, waits for diagnostics and checks their positions (Neovim
-- converts the server's UTF-16 columns to byte columns itself), edits the
-- buffer (Neovim sends incremental changes), asks for hover and symbols,
-- applies a quick fix and "fix all" and checks the buffer, then stops the
-- server. One line per check; exits 1 if any failed.
local bin = os.getenv("SG_BIN")
local passed, failed = 0, 0
local function out(s) io.stdout:write(s .. "\n") end
local function check(name, fn)
  local ok, err = pcall(fn)
  if ok then passed = passed + 1; out("ok - " .. name)
  else failed = failed + 1; out("not ok - " .. name .. ": " .. tostring(err)) end
end

local dir = vim.fn.tempname()
vim.fn.mkdir(dir, "p")
local path = dir .. "/guide.md"
local lines = {
  "# Guide 😀", "", "😀 We left in order to see it. 中文 is here.", "", "## Install", "", "Run it in order to win.",
}
vim.fn.writefile(lines, path)
vim.cmd("edit " .. vim.fn.fnameescape(path))
local buf = vim.api.nvim_get_current_buf()
vim.bo[buf].filetype = "markdown"

local client_id = vim.lsp.start_client({
  name = "speedgrapher",
  cmd = { bin, "lsp", "--root", dir },
  root_dir = dir,
  flags = { debounce_text_changes = 10 },
})
assert(client_id, "the client did not start")
vim.lsp.buf_attach_client(buf, client_id)

-- wordy returns the wordy diagnostics as {line, col, end_col}, 0-based bytes.
local function wordy()
  local got = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code == "wordy" or (d.user_data and d.user_data.lsp and d.user_data.lsp.code == "wordy") then
      table.insert(got, { d.lnum, d.col, d.end_col })
    end
  end
  table.sort(got, function(a, b) return a[1] < b[1] end)
  return got
end
local function wait_wordy(want)
  local ok = vim.wait(10000, function() return vim.deep_equal(wordy(), want) end, 20)
  assert(ok, "wordy diagnostics " .. vim.inspect(wordy()) .. ", want " .. vim.inspect(want))
end

check("diagnostics on open, at the right byte columns", function()
  -- Line 2: "😀 " is 5 bytes, "We left " 8 more: "in order to" is bytes 13-24.
  -- Line 6: "Run it " is 7 bytes: 7-18.
  wait_wordy({ { 2, 13, 24 }, { 6, 7, 18 } })
end)

check("an edit is sent and the diagnostic moves", function()
  -- "中文 " is 7 bytes (3 UTF-16 units).
  vim.api.nvim_buf_set_text(buf, 2, 0, 2, 0, { "中文 " })
  wait_wordy({ { 2, 20, 31 }, { 6, 7, 18 } })
end)

local function request(method, params)
  local res = vim.lsp.buf_request_sync(buf, method, params, 10000)
  assert(res and res[client_id], method .. ": no answer")
  assert(not res[client_id].err, method .. ": " .. vim.inspect(res[client_id].err))
  return res[client_id].result
end
local uri = vim.uri_from_bufnr(buf)

check("hover on a sentence and on a heading", function()
  local h = request("textDocument/hover", { textDocument = { uri = uri }, position = { line = 6, character = 2 } })
  assert(h and h.contents.value:match("^Sentence: 6 words, grade %d+%.%d, normal"), vim.inspect(h))
  h = request("textDocument/hover", { textDocument = { uri = uri }, position = { line = 4, character = 3 } })
  assert(h and h.contents.value:match("^%*%*Install%*%*: grade .* 6 words in 1 sentence, about 2 s to read$"), vim.inspect(h))
end)

check("document symbols", function()
  local s = request("textDocument/documentSymbol", { textDocument = { uri = uri } })
  assert(#s == 1 and s[1].name == "Guide 😀" and #s[1].children == 1 and s[1].children[1].name == "Install", vim.inspect(s))
end)

local function actions(range, only)
  return request("textDocument/codeAction", {
    textDocument = { uri = uri }, range = range, context = { diagnostics = {}, only = only },
  })
end

check("a quick fix applied to the buffer", function()
  -- The server's UTF-16 range for line 2's phrase: 3 + 3 + 8 = 14 to 25.
  local list = actions({ start = { line = 2, character = 14 }, ["end"] = { line = 2, character = 25 } })
  local fix
  for _, a in ipairs(list) do
    if a.title == 'Replace "in order to" with "to"' then fix = a end
  end
  assert(fix, "no quick fix among " .. vim.inspect(vim.tbl_map(function(a) return a.title end, list)))
  vim.lsp.util.apply_workspace_edit(fix.edit, "utf-16")
  local line = vim.api.nvim_buf_get_lines(buf, 2, 3, true)[1]
  assert(line == "中文 😀 We left to see it. 中文 is here.", "line 2 is " .. vim.inspect(line))
  wait_wordy({ { 6, 7, 18 } })
end)

check("fix all safe problems", function()
  local list = actions({ start = { line = 0, character = 0 }, ["end"] = { line = 0, character = 0 } }, { "source.fixAll" })
  assert(#list == 1, vim.inspect(list))
  vim.lsp.util.apply_workspace_edit(list[1].edit, "utf-16")
  local line = vim.api.nvim_buf_get_lines(buf, 6, 7, true)[1]
  assert(line == "Run it to win.", "line 6 is " .. vim.inspect(line))
  wait_wordy({})
end)

check("shutdown", function()
  local client = vim.lsp.get_client_by_id(client_id)
  client.stop()
  assert(vim.wait(5000, function() return client.is_stopped() end, 20), "the server did not stop")
end)

out(string.format("%d passed, %d failed", passed, failed))
vim.cmd(failed == 0 and "qall!" or "cquit 1")
