package dev.brisk.sink;

import dev.brisk.json.Json;
import dev.brisk.json.JsonException;
import dev.brisk.json.JsonReader;
import dev.brisk.json.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;

/**
 * Reads back what an {@link NdjsonFileTransport} wrote, checking every line: a torn last line (a
 * crash mid-write) and invalid lines are reported, not glossed over. Stateless and thread-safe.
 */
public final class NdjsonFiles {
  private NdjsonFiles() {}

  /** Receives each complete, valid event. */
  @FunctionalInterface
  public interface EventConsumer {
    /** The event is {@code buf[off .. off + len)}, valid only during the call. */
    void accept(Path file, long line, byte[] buf, int off, int len);
  }

  /** What a scan found in one file. */
  public static final class FileScan {
    private final Path file;
    private long events;
    private long tornBytes;
    private final List<String> invalid = new ArrayList<>();
    private long invalidCount;

    FileScan(Path file) {
      this.file = file;
    }

    /** The file scanned. */
    public Path file() {
      return file;
    }

    /** Complete, valid lines. */
    public long events() {
      return events;
    }

    /** The length of a last line that has no line break (a torn write), or 0. */
    public long tornBytes() {
      return tornBytes;
    }

    /** Complete lines that are not one valid JSON value, or longer than {@link #MAX_LINE_BYTES}. */
    public long invalidCount() {
      return invalidCount;
    }

    /** The first invalid lines, as {@code file:line:column: message}. */
    public List<String> invalid() {
      return Collections.unmodifiableList(invalid);
    }
  }

  /**
   * The longest line a scan reads, 64 MiB: a longer line (damage, or no line breaks at all) is
   * counted as invalid, or as torn at the end of a file, without being held in memory.
   */
  public static final int MAX_LINE_BYTES = 64 << 20;

  /** The files of a folder (sorted by name), or a single file. */
  public static List<Path> files(Path dirOrFile) throws IOException {
    if (!Files.isDirectory(dirOrFile)) {
      return List.of(dirOrFile);
    }
    try (Stream<Path> s = Files.list(dirOrFile)) {
      return s.filter(p -> p.getFileName().toString().endsWith(".ndjson")).sorted().toList();
    }
  }

  /** Checks every line of the files of {@code dirOrFile}. */
  public static List<FileScan> scan(Path dirOrFile) throws IOException {
    return scan(dirOrFile, null);
  }

  /** Checks every line of the files of {@code dirOrFile}, giving each valid event to {@code each}. */
  public static List<FileScan> scan(Path dirOrFile, EventConsumer each) throws IOException {
    List<FileScan> out = new ArrayList<>();
    for (Path f : files(dirOrFile)) {
      out.add(scanFile(f, each));
    }
    return out;
  }

  /** The total of complete valid events over scans. */
  public static long events(List<FileScan> scans) {
    long n = 0;
    for (FileScan s : scans) {
      n += s.events;
    }
    return n;
  }

  static FileScan scanFile(Path f, EventConsumer each) throws IOException {
    return scanFile(f, each, MAX_LINE_BYTES);
  }

  /** Scans {@code f}, holding at most {@code maxLine} bytes of a line in memory. */
  static FileScan scanFile(Path f, EventConsumer each, int maxLine) throws IOException {
    FileScan scan = new FileScan(f);
    byte[] buf = new byte[Math.min(1 << 16, maxLine + 1)];
    int start = 0; // of the current line in buf
    int end = 0; // of the bytes read into buf
    long skipped = -1; // bytes of an over-long line passed over so far, or -1 while not in one
    long line = 0;
    try (InputStream in = Files.newInputStream(f)) {
      for (;;) {
        int nl = indexOf(buf, start, end);
        if (nl >= 0) {
          line++;
          if (skipped >= 0) {
            invalid(scan, f, line, 1, "a line of " + (skipped + nl - start) + " bytes, longer than the "
                + maxLine + " a scan reads: not read");
            skipped = -1;
          } else {
            line(scan, f, line, buf, start, nl - start, each);
          }
          start = nl + 1;
          continue;
        }
        // No complete line left in buf: keep the partial one (or pass over it) and read more.
        if (skipped >= 0) {
          skipped += end - start;
          start = end = 0;
        } else if (start > 0) {
          System.arraycopy(buf, start, buf, 0, end - start);
          end -= start;
          start = 0;
        }
        if (end > maxLine) { // a line longer than maxLine: count it, do not hold it
          skipped = end;
          end = 0;
        } else if (end == buf.length) {
          buf = Arrays.copyOf(buf, (int) Math.min(buf.length * 2L, maxLine + 1L));
        }
        int n = in.read(buf, end, buf.length - end);
        if (n < 0) {
          scan.tornBytes = (skipped >= 0 ? skipped : 0) + end - start;
          return scan;
        }
        end += n;
      }
    }
  }

  private static void invalid(FileScan scan, Path f, long line, long column, String reason) {
    scan.invalidCount++;
    if (scan.invalid.size() < 20) {
      scan.invalid.add(f + ":" + line + ":" + column + ": " + reason);
    }
  }

  private static int indexOf(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (b[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  private static void line(FileScan scan, Path f, long line, byte[] buf, int off, int len, EventConsumer each) {
    if (len == 0) {
      return;
    }
    try {
      JsonReader r = Json.DEFAULT.reader(buf, off, len);
      while (r.next() != JsonToken.END_DOCUMENT) {
        // checked as read
      }
    } catch (JsonException e) {
      invalid(scan, f, line, e.column(), e.reason());
      return;
    }
    scan.events++;
    if (each != null) {
      each.accept(f, line, buf, off, len);
    }
  }
}
