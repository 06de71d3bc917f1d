;;; check.el --- Emacs and eglot against `fenkit lsp', set up by docs/editors.md  -*- lexical-binding: t -*-
;;
;; tests/emacs/check.sh loads the Emacs block of docs/editors.md, then this file, with `fenkit'
;; on PATH:
;;   DOCUMENT=tests/editors/sample.fen HOVER_LINE=1 ACTION_LINE=2 EDITOR_OUT=/tmp/emacs.json \
;;     emacs --batch -f package-initialize -l init.el -l tests/emacs/check.el
;; It opens DOCUMENT (the block picks its mode and starts eglot), waits for flymake's
;; diagnostics, asks the server eglot started for the quick fixes of ACTION_LINE and the hover
;; of HOVER_LINE (1-based), and writes them in tests/editors/verify.py's form.

(require 'json)
(require 'subr-x)

(defun fenkit-check-fail (format-string &rest arguments)
  "Print the failure on stderr and leave Emacs with status 1."
  (message "check.el: %s" (apply #'format format-string arguments))
  (kill-emacs 1))

(defun fenkit-check-wait (predicate seconds)
  "Let processes and timers run until PREDICATE holds or SECONDS pass; PREDICATE's value."
  (let ((deadline (+ (float-time) seconds))
        (value nil))
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    value))

(defun fenkit-check-position (line)
  "The LSP position of the start of LINE (1-based)."
  (list :line (1- line) :character 0))

(find-file (getenv "DOCUMENT"))
(unless (eq major-mode 'fenkit-mode)
  (fenkit-check-fail "%s opened in %s, not the block's fenkit-mode" (getenv "DOCUMENT") major-mode))
;; Batch Emacs runs no command loop: what eglot-ensure and flymake wait for is the end of a
;; command, so run that hook as the command loop would.
(run-hooks 'post-command-hook)
(unless (fenkit-check-wait (lambda () (eglot-current-server)) 20)
  (fenkit-check-fail "the setup of docs/editors.md started no eglot server for %s (mode %s)"
                     (getenv "DOCUMENT") major-mode))
(flymake-start)
(run-hooks 'post-command-hook)
(unless (fenkit-check-wait (lambda () (flymake-diagnostics)) 20)
  (fenkit-check-fail "no flymake diagnostics from fenkit lsp within 20 seconds"))

(let* ((server (eglot-current-server))
       (document (eglot--TextDocumentIdentifier))
       (action-line (string-to-number (getenv "ACTION_LINE")))
       (hover-line (string-to-number (getenv "HOVER_LINE")))
       (diagnostics
        (mapcar (lambda (diagnostic)
                  (let ((text (flymake-diagnostic-text diagnostic))
                        (start (flymake-diagnostic-beg diagnostic)))
                    ;; eglot writes a diagnostic as `SOURCE [CODE]: MESSAGE'.
                    (vector (if (string-match "\\[\\([^]]+\\)\\]" text) (match-string 1 text) text)
                            (line-number-at-pos start)
                            (save-excursion (goto-char start) (current-column)))))
                (flymake-diagnostics)))
       (actions
        (jsonrpc-request server :textDocument/codeAction
                         (list :textDocument document
                               :range (list :start (fenkit-check-position action-line)
                                            :end (fenkit-check-position action-line))
                               :context (list :diagnostics []))))
       (hover
        (jsonrpc-request server :textDocument/hover
                         (list :textDocument document
                               :position (fenkit-check-position hover-line))))
       (found
        ;; The block's mode is one for every notation: the server reads the file by its name.
        (list :language (file-name-extension buffer-file-name)
              :diagnostics (vconcat diagnostics)
              :actions (vconcat (mapcar (lambda (action) (plist-get action :title)) actions))
              :hover (or (plist-get (plist-get hover :contents) :value) ""))))
  (with-temp-file (getenv "EDITOR_OUT")
    (insert (json-encode found)))
  (eglot-shutdown server))
(kill-emacs 0)
