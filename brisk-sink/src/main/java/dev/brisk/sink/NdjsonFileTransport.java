package dev.brisk.sink;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Objects;

/**
 * Writes batches as NDJSON into a folder of files, rolled by size and age: the sink's embedded
 * default. Files are named {@code <prefix>-<UTC time>-<sequence>.ndjson} so that their names sort
 * in the order they were written; a file is never appended to once rolled, and a new transport
 * never appends to an old file.
 *
 * <p>Crash safety: every event ends with {@code '\n'} and a batch is written with one positional
 * write loop. A failed write is cut back to the end of the last complete batch (and the file
 * rolled if even that fails), so a file holds whole batches only, unless the process or machine
 * dies mid-write: then at most the last line is torn, which {@link NdjsonFiles#scan} detects. With
 * {@link Builder#fsync(boolean) fsync} on, a batch is on disk before it counts as delivered.
 *
 * <p>A {@link #singleFile(Path)} transport appends to one file without rolling: for dead letters.
 *
 * <p>Not thread-safe: a sink calls it from its writer thread only.
 */
public final class NdjsonFileTransport implements Transport {
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'");

  private final Path dir;
  private final Path single;
  private final String prefix;
  private final long maxFileBytes;
  private final long maxFileAgeNanos;
  private final boolean fsync;

  private FileChannel channel;
  private Path current;
  private long fileSize;
  private long openedAt;
  private int sequence;
  private long filesWritten;
  private final Stream stream = new Stream();

  private NdjsonFileTransport(Builder b) {
    this.dir = b.dir;
    this.single = b.single;
    this.prefix = b.prefix;
    this.maxFileBytes = b.maxFileBytes;
    this.maxFileAgeNanos = Durations.nanos(b.maxFileAge);
    this.fsync = b.fsync;
  }

  /** A builder for a folder of rolled files; the folder is created when missing. */
  public static Builder builder(Path dir) {
    return new Builder(Objects.requireNonNull(dir, "dir"), null);
  }

  /**
   * Appends everything to one file, never rolled (created when missing): for dead letters.
   *
   * @throws IllegalArgumentException when {@code file} is a folder or lies under a file (see {@link
   *     Builder#build()})
   */
  public static NdjsonFileTransport singleFile(Path file) {
    return new Builder(null, Objects.requireNonNull(file, "file")).build();
  }

  @Override
  public Outcome send(Batch batch) throws IOException {
    long n = batch.ndjsonBytes();
    if (channel == null || needsRoll(n)) {
      roll();
    }
    long before = fileSize;
    try {
      stream.reset(channel, before);
      batch.writeNdjson(stream);
      stream.drain();
      if (fsync) {
        channel.force(false);
      }
    } catch (IOException e) {
      cutBack(before);
      throw e;
    }
    fileSize = before + n;
    return Outcome.delivered();
  }

  private boolean needsRoll(long batchBytes) {
    if (single != null) {
      return false;
    }
    return (fileSize > 0 && fileSize + batchBytes > maxFileBytes)
        || System.nanoTime() - openedAt > maxFileAgeNanos;
  }

  private void roll() throws IOException {
    closeChannel();
    Path target;
    if (single != null) {
      Path parent = single.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      target = single;
      channel = FileChannel.open(target, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
      fileSize = channel.size();
      cutTornTail(); // an earlier crash may have left half a line: do not glue our first line to it
    } else {
      Files.createDirectories(dir);
      String stamp = STAMP.format(ZonedDateTime.now(ZoneOffset.UTC));
      for (;;) {
        target = dir.resolve(String.format("%s-%s-%06d.ndjson", prefix, stamp, sequence++));
        try {
          channel = FileChannel.open(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
          break;
        } catch (java.nio.file.FileAlreadyExistsException e) {
          // Another transport (or an earlier run in the same second) has it: take the next number.
        }
      }
      fileSize = 0;
    }
    current = target;
    openedAt = System.nanoTime();
    filesWritten++;
  }

  /** Appending to a file whose last line is torn: start on a fresh line instead. */
  private void cutTornTail() throws IOException {
    if (fileSize == 0) {
      return;
    }
    ByteBuffer last = ByteBuffer.allocate(1);
    channel.read(last, fileSize - 1);
    if (last.get(0) != '\n') {
      channel.write(ByteBuffer.wrap(new byte[] {'\n'}), fileSize);
      fileSize++;
    }
  }

  private void cutBack(long size) {
    try {
      channel.truncate(size);
      fileSize = size;
    } catch (IOException | RuntimeException e) {
      // The file may end in a torn batch now: write the retry into a new file instead.
      closeChannel();
    }
  }

  private void closeChannel() {
    if (channel != null) {
      try {
        channel.close();
      } catch (IOException e) {
        // Nothing buffered on our side: every batch was written (and forced) before it counted.
      }
      channel = null;
    }
  }

  /** The file being written, or null before the first batch. */
  public Path currentFile() {
    return current;
  }

  /** How many files this transport has opened. */
  public long filesWritten() {
    return filesWritten;
  }

  @Override
  public String describe() {
    return single != null ? "file:" + single : "file:" + dir + "/";
  }

  @Override
  public void close() throws IOException {
    if (channel != null) {
      if (fsync) {
        channel.force(true);
      }
      closeChannel();
    }
  }

  /** An OutputStream over the channel at a position, through a 64 KiB buffer. */
  private static final class Stream extends OutputStream {
    private final ByteBuffer buf = ByteBuffer.allocate(64 * 1024);
    private FileChannel ch;
    private long pos;

    void reset(FileChannel ch, long pos) {
      this.ch = ch;
      this.pos = pos;
      buf.clear();
    }

    @Override
    public void write(int b) throws IOException {
      if (!buf.hasRemaining()) {
        drain();
      }
      buf.put((byte) b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (len >= buf.capacity()) {
        drain();
        ByteBuffer whole = ByteBuffer.wrap(b, off, len);
        while (whole.hasRemaining()) {
          pos += ch.write(whole, pos);
        }
        return;
      }
      if (len > buf.remaining()) {
        drain();
      }
      buf.put(b, off, len);
    }

    void drain() throws IOException {
      buf.flip();
      while (buf.hasRemaining()) {
        pos += ch.write(buf, pos);
      }
      buf.clear();
    }
  }

  /** Options for a folder of NDJSON files. Not thread-safe. */
  public static final class Builder {
    private final Path dir;
    private final Path single;
    private String prefix = "events";
    private long maxFileBytes = 128L << 20;
    private Duration maxFileAge = Duration.ofHours(1);
    private boolean fsync;

    Builder(Path dir, Path single) {
      this.dir = dir;
      this.single = single;
    }

    /** The start of each file name (default {@code events}). */
    public Builder prefix(String p) {
      if (p.isEmpty() || p.contains("/") || p.contains("\\")) {
        throw new IllegalArgumentException("a file name prefix must be a plain non-empty name, got '" + p + "'");
      }
      this.prefix = p;
      return this;
    }

    /** A new file starts when the next batch would take this one past this size (default 128 MiB). */
    public Builder maxFileBytes(long n) {
      if (n < 1) {
        throw new IllegalArgumentException("maxFileBytes must be positive, got " + n);
      }
      this.maxFileBytes = n;
      return this;
    }

    /** A new file starts for the first batch after this one is this old (default 1 hour). */
    public Builder maxFileAge(Duration d) {
      if (d.isNegative() || d.isZero()) {
        throw new IllegalArgumentException("maxFileAge must be positive, got " + d);
      }
      this.maxFileAge = d;
      return this;
    }

    /** Forces every batch to disk before it counts as delivered (default off). */
    public Builder fsync(boolean on) {
      this.fsync = on;
      return this;
    }

    /**
     * The transport. Folders are created at the first batch.
     *
     * @throws IllegalArgumentException when the folder is a file, or lies under one: no retry could
     *     ever write there, so it is refused now rather than retried batch after batch
     */
    public NdjsonFileTransport build() {
      if (single != null) {
        refuseUnwritable(single, false);
      } else {
        refuseUnwritable(dir, true);
      }
      return new NdjsonFileTransport(this);
    }

    private static void refuseUnwritable(Path target, boolean folder) {
      Path p = target.toAbsolutePath();
      if (Files.exists(p)) {
        if (Files.isDirectory(p) != folder) {
          throw new IllegalArgumentException(target + " is a " + (folder ? "file" : "folder") + ", not a "
              + (folder ? "folder" : "file") + ": events cannot be written there");
        }
        return;
      }
      for (Path up = p.getParent(); up != null; up = up.getParent()) {
        if (Files.exists(up)) {
          if (!Files.isDirectory(up)) {
            throw new IllegalArgumentException(target + " lies under " + up
                + ", which is a file, not a folder: events cannot be written there");
          }
          return;
        }
      }
    }
  }
}
