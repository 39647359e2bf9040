package dev.brisk.cli;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A command's input file, or standard input when it is named {@code -}, so that every command
 * that reads events can stand in a pipe ({@code producer | brisk check --ndjson -}).
 */
final class Input {
  private Input() {}

  /** The name that stands for standard input. */
  static final String STDIN = "-";

  static boolean isStdin(Path file) {
    return STDIN.equals(file.toString());
  }

  /** How faults name the input: the file as given, or {@code <stdin>}. */
  static String label(Path file) {
    return isStdin(file) ? "<stdin>" : file.toString();
  }

  /** The file's size, or -1 for standard input, whose size is not known before it ends. */
  static long size(Path file) throws IOException {
    return isStdin(file) ? -1 : Files.size(file);
  }

  /** Opens the file; for standard input, a stream whose close leaves it open (it is not ours). */
  static InputStream open(Path file) throws IOException {
    if (isStdin(file)) {
      return new FilterInputStream(System.in) {
        @Override
        public void close() {}
      };
    }
    return Files.newInputStream(file);
  }

  /** Whether the input is read one JSON value per line: by its name, or because the user said so. */
  static boolean isNdjson(Path file, boolean forced) {
    Path name = file.getFileName(); // none for a root such as "/"
    String n = name == null ? "" : name.toString();
    return forced || n.endsWith(".ndjson") || n.endsWith(".jsonl");
  }

  /**
   * Why reading failed, for a message: "no such file", "permission denied", or the exception's own
   * words and, when it wraps another (the reader's {@code UncheckedIOException} around the
   * stream's), that one's too, such as "Is a directory".
   */
  static String why(Exception e) {
    if (e instanceof java.nio.file.NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "permission denied";
    }
    Throwable c = e.getCause();
    return c == null || c.getMessage() == null ? e.getMessage() : e.getMessage() + ": " + c.getMessage();
  }
}
