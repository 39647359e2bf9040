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
   * Why reading or writing failed, for a message: "no such file", "permission denied", "not a
   * directory", the system's reason, or the exception's own words and, when it wraps another (the
   * reader's {@code UncheckedIOException} around the stream's), that one's too, such as "Is a
   * directory".
   */
  static String why(Exception e) {
    if (e instanceof java.nio.file.NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof java.nio.file.NotDirectoryException) {
      return "not a directory";
    }
    if (e instanceof java.nio.file.FileAlreadyExistsException) {
      return "already exists";
    }
    if (e instanceof java.nio.charset.CharacterCodingException) {
      return "not UTF-8 text";
    }
    if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    Throwable c = e.getCause();
    return c == null || c.getMessage() == null ? e.getMessage() : e.getMessage() + ": " + c.getMessage();
  }

  /**
   * {@link #why(Exception)} for {@code file}: what is wrong with its folders when something is ("no
   * folder out", "out is a file, not a folder"), since the system's words then name a path that
   * does not exist or a temporary file beside it; otherwise the system's reason, with the path it
   * refused when that is not {@code file} itself.
   */
  static String why(Path file, Exception e) {
    if (!(e instanceof java.nio.file.FileSystemException)) {
      return why(e);
    }
    Path parent = file.getParent(); // as the user wrote it; none means the working folder
    if (parent != null) {
      Path up = parent;
      while (up != null && !Files.exists(up)) {
        up = up.getParent(); // up to null: a relative path's first folder is missing
      }
      if (up != null && !Files.isDirectory(up)) {
        return up + " is a file, not a folder";
      }
      if (!parent.equals(up) && e instanceof java.nio.file.NoSuchFileException) {
        return "no folder " + parent;
      }
    }
    String refused = ((java.nio.file.FileSystemException) e).getFile();
    return refused != null && !Path.of(refused).equals(file) ? refused + ": " + why(e) : why(e);
  }

  /**
   * A file a command could not read or write. {@link Main} prints its message, {@code FILE: cannot
   * read: why}, as the one line the user sees, and exits with 1: a missing or unwritable file is the
   * user's to fix, and a stack trace would only hide the reason.
   */
  static final class Fault extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Fault(Path file, String verb, Exception cause) {
      super(label(file) + ": cannot " + verb + ": " + why(file, cause), cause);
    }
  }

  /** Reads a whole text file (a schema), or throws a {@link Fault} that says which and why. */
  static String readString(Path file) {
    try {
      return Files.readString(file, java.nio.charset.StandardCharsets.UTF_8);
    } catch (IOException | java.io.UncheckedIOException e) {
      throw new Fault(file, "read", e);
    }
  }
}
