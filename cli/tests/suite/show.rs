//! `fenkit show`: text diagrams on stdout, SVG files with `--svg`, invalid records on stderr.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use assert_cmd::Command;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn fenkit() -> Command {
    let mut command = Command::cargo_bin("fenkit").unwrap();
    command.env("NO_COLOR", "1").env("COLUMNS", "100");
    command
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fenkit-show-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn draws_a_position_given_with_p() {
    let output = fenkit().args(["show", "-p", START]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.starts_with("-p:1 (fen)\n  +-----------------+\n8 | r n b q k b n r |\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("White to move, castling KQkq, en passant -\n"),
        "{stdout}"
    );
    assert_eq!(output.stderr, b"");
}

#[test]
fn unicode_draws_figurines() {
    let output = fenkit()
        .args(["show", "--unicode", "-p", START])
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("8 | ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜ |"), "{stdout}");
    assert!(stdout.contains("1 | ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖ |"), "{stdout}");
}

#[test]
fn reads_stdin_and_skips_comments_and_reports_invalid_records() {
    let output = fenkit()
        .args(["show"])
        .write_stdin(format!("# comment\n{START}\n8/8 x\nW:W31-50:B1-20\n"))
        .output()
        .unwrap();
    // One record was not valid: exit 1, its diagnostics on stderr in the short format.
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("-:2 (fen)\n"), "{stdout}");
    assert!(
        stdout.contains("\n\n-:4 (pdn)\n+---------------------+\n"),
        "{stdout}"
    );
    assert!(!stdout.contains("-:3"), "{stdout}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.starts_with("-:3:"), "{stderr}");
    assert!(stderr.contains(": error[fenkit::"), "{stderr}");
}

#[test]
fn board_option_and_pdn_game_type_choose_the_draughts_board() {
    let output = fenkit()
        .args(["show", "--board", "russian", "-p", "W:Wa1,c3:Bh8"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains(" 8 |   .   .   .   b |\n"), "{stdout}");
    assert!(
        stdout.ends_with("White to move, russian (GameType 25)\n"),
        "{stdout}"
    );

    let dir = temp_dir("pdn");
    let game = dir.join("game.pdn");
    std::fs::write(
        &game,
        "[GameType \"21\"]\n[FEN \"W:W21-32:B1-12\"]\n\n1. 11-15 *\n",
    )
    .unwrap();
    let output = fenkit().arg("show").arg(&game).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains(":2 (pdn)\n"), "{stdout}");
    assert!(stdout.contains("|   b   b   b   b | 1-4\n"), "{stdout}");
    assert!(
        stdout.ends_with("White to move, english (GameType 21)\n"),
        "{stdout}"
    );
}

#[test]
fn feen_boards_are_drawn_with_their_hands() {
    let output = fenkit()
        .args(["show", "-p", "rn/pp//RN/PP 2P/ FOO/bar"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        stdout,
        "-p:1 (feen)\nlayer [0]\nr n\np p\n\nlayer [1]\nR N\nP P\nfirst in hand: 2P\nsecond in hand: -\nfirst to move (style FOO), second plays bar\n"
    );
}

#[test]
fn svg_writes_one_file_per_position() {
    let dir = temp_dir("svg");
    let path = dir.join("board.svg");
    let output = fenkit()
        .args([
            "show",
            "-p",
            START,
            "-p",
            "8/8 x",
            "-p",
            "W:W31-50:B1-20",
            "--svg",
        ])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let chess = std::fs::read_to_string(&path).unwrap();
    assert!(chess.starts_with("<svg "), "{chess}");
    assert_eq!(chess.matches("<rect class=\"square").count(), 64);
    // The second drawn position (the third record) is board-2.svg.
    let draughts = std::fs::read_to_string(dir.join("board-2.svg")).unwrap();
    assert_eq!(draughts.matches("<rect class=\"square").count(), 100);
    assert!(!dir.join("board-3.svg").exists());
}

#[test]
fn svg_to_a_missing_directory_is_an_io_error() {
    let dir = temp_dir("missing");
    let path = dir.join("no/such/dir/board.svg");
    let output = fenkit()
        .args(["show", "-p", START, "--svg"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("fenkit: ") && stderr.contains("board.svg"),
        "{stderr}"
    );
}

#[test]
fn a_closed_pipe_keeps_the_exit_status_of_what_was_read() {
    // A pipe whose reading end is closed before fenkit starts: drawing the valid record fails.
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let output = std::process::Command::new(assert_cmd::cargo::cargo_bin("fenkit"))
        .args(["show", "-p", "8/8/8/8/8/8/8/8 x - - 0 1", "-p", START])
        .stdout(writer)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{output:?}");
}

#[test]
fn pdn_games_on_stdin_or_in_any_file_are_drawn_on_their_game_board() {
    let game = "[GameType \"21\"]\n[FEN \"W:W21-32:B1-12\"]\n\n1. 11-15 *\n";
    let english = "White to move, english (GameType 21)\n";
    // From a pipe under `--notation pdn`, as `check` reads it.
    let output = fenkit()
        .args(["show", "--notation", "pdn"])
        .write_stdin(game)
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert!(stdout.ends_with(english), "{stdout}");
    // A file of any name whose first record is a tag pair.
    let path = temp_dir("tagged").join("game.txt");
    std::fs::write(&path, game).unwrap();
    let output = fenkit().arg("show").arg(&path).output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert!(stdout.ends_with(english), "{stdout}");
}

#[test]
fn svg_never_writes_over_an_input() {
    let dir = temp_dir("svg-input");
    let path = dir.join("same.fen");
    std::fs::write(&path, format!("{START}\n")).unwrap();
    let link = dir.join("link.fen");
    let _ = std::fs::remove_file(&link);
    std::fs::hard_link(&path, &link).unwrap();
    for (output, force) in [(&path, false), (&path, true), (&link, true)] {
        let mut args = vec!["show", "--svg", output.to_str().unwrap()];
        if force {
            args.push("--force");
        }
        args.push(path.to_str().unwrap());
        let run = fenkit().args(&args).output().unwrap();
        assert_eq!(run.status.code(), Some(2), "{args:?}: {run:?}");
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(stderr.contains("is one of the inputs"), "{stderr}");
        assert!(run.stdout.is_empty(), "nothing drawn: {run:?}");
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            format!("{START}\n")
        );
    }
    // Standard input read from the file.
    let run = std::process::Command::new(assert_cmd::cargo::cargo_bin("fenkit"))
        .args(["show", "--force", "--svg", path.to_str().unwrap()])
        .stdin(std::fs::File::open(&path).unwrap())
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2), "{run:?}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        format!("{START}\n")
    );
}

#[test]
fn svg_writes_over_an_existing_file_only_with_force() {
    let dir = temp_dir("svg-force");
    let board = dir.join("board.svg");
    std::fs::write(&board, "mine").unwrap();
    let args = ["show", "-p", START, "--svg", board.to_str().unwrap()];
    let run = fenkit().args(args).output().unwrap();
    assert_eq!(run.status.code(), Some(2), "{run:?}");
    let stderr = String::from_utf8(run.stderr).unwrap();
    assert!(
        stderr.contains("board.svg: exists: not replaced (`--force` writes over it)"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&board).unwrap(), "mine");

    // The second picture's file exists: the first is written, the second refused.
    std::fs::remove_file(&board).unwrap();
    let second = dir.join("board-2.svg");
    std::fs::write(&second, "mine too").unwrap();
    let run = fenkit()
        .args(["show", "-p", START, "-p", START, "--svg"])
        .arg(&board)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2), "{run:?}");
    assert!(
        std::fs::read_to_string(&board)
            .unwrap()
            .starts_with("<svg ")
    );
    assert_eq!(std::fs::read_to_string(&second).unwrap(), "mine too");

    // `--force` writes over both.
    let run = fenkit()
        .args(["show", "--force", "-p", START, "-p", START, "--svg"])
        .arg(&board)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0), "{run:?}");
    assert!(
        std::fs::read_to_string(&second)
            .unwrap()
            .starts_with("<svg ")
    );
    // `--force` means nothing without `--svg`.
    let run = fenkit()
        .args(["show", "--force", "-p", START])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2), "{run:?}");
}

#[test]
fn a_field_s_rows_over_lines_are_drawn_or_reported() {
    // A note over a CRLF, then a FEN cell over two lines: each row is one record at its first
    // line, as `check` reads it.
    let dir = temp_dir("fieldrows");
    let path = dir.join("rows.csv");
    std::fs::write(
        &path,
        "note,FEN\n\"a\r\nb\",4k3/8/8/8/8/8/8/4K3 w - - 0 1\nc,\"bad\nrow\"\n",
    )
    .unwrap();
    let name = path.to_str().unwrap();
    let output = fenkit()
        .args(["show", "--field", "FEN", name])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap().replace(name, "P");
    assert!(stdout.starts_with("P:2 (fen)\n"), "{stdout}");
    assert!(stdout.contains("1 | . . . . K . . . |"), "{stdout}");
    let stderr = String::from_utf8(output.stderr).unwrap().replace(name, "P");
    assert!(stderr.starts_with("P:4:4: error[fenkit::fen::"), "{stderr}");
}
