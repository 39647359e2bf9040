package dev.brisk.sink;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The events a {@link Transport} is asked to deliver at once: each one a complete JSON value in
 * UTF-8, written by the sink's serializer, without a line break.
 *
 * <p>Layout: the events lie in one buffer, separated by {@code '\n'}; event {@code i} is {@code
 * buffer()[start(i) .. start(i) + length(i))}. A batch formed by the sink is contiguous, so {@link
 * #writeNdjson} hands the buffer over in one write (and one for the last line break); a batch
 * {@link #select selected} from another (for a retry of some of its events) shares its buffer.
 *
 * <p>Not thread-safe, and valid only during the {@link Transport#send} call that receives it: the
 * sink reuses the buffer for the next batch. A transport that keeps events longer copies them
 * ({@link #event}).
 */
public final class Batch {
  private final byte[] buf;
  /**
   * Where each event starts; null in a batch the sink formed, whose events lie one line break apart
   * from the buffer's start (event 0 at 0, event {@code i > 0} after event {@code i - 1}'s end and
   * its line break), so that the writer records one number per event, not two.
   */
  private final int[] starts;
  private final int[] ends;
  private final int count;
  /** The index of each event in the batch the sink formed first: stable across retries. */
  private final int[] origins;
  /** {@link #ndjsonBytes()}, or -1 until it is asked for. */
  private long ndjsonBytes;

  Batch(byte[] buf, int[] starts, int[] ends, int[] origins, int count) {
    this(buf, starts, ends, origins, count, -1);
  }

  /**
   * A contiguous batch: event 0 starts at 0, each other one byte (a line break) after the end of
   * the one before it. Its NDJSON size is therefore {@code ends[count - 1] + 1}.
   */
  Batch(byte[] buf, int[] ends, int[] origins, int count) {
    this(buf, null, ends, origins, count, count == 0 ? 0 : ends[count - 1] + 1);
  }

  /** {@code starts} null for a contiguous batch; {@code ndjsonBytes} -1 when not known yet. */
  private Batch(byte[] buf, int[] starts, int[] ends, int[] origins, int count, long ndjsonBytes) {
    this.buf = buf;
    this.starts = starts;
    this.ends = ends;
    this.origins = origins;
    this.count = count;
    this.ndjsonBytes = ndjsonBytes;
  }

  /** Where event {@code i} (checked by the caller) starts. */
  private int startOf(int i) {
    int[] s = starts;
    if (s != null) {
      return s[i];
    }
    return i == 0 ? 0 : ends[i - 1] + 1;
  }

  /** A batch of the given events, each encoded to UTF-8 bytes; for tests and for tools. */
  public static Batch of(String... json) {
    byte[][] events = new byte[json.length][];
    for (int i = 0; i < json.length; i++) {
      events[i] = json[i].getBytes(StandardCharsets.UTF_8);
    }
    return of(events);
  }

  /** A batch of the given events, each a complete JSON value in UTF-8; the bytes are copied. */
  public static Batch of(byte[]... events) {
    int total = 0;
    for (byte[] e : events) {
      total += e.length + 1;
    }
    byte[] buf = new byte[total];
    int[] starts = new int[events.length];
    int[] ends = new int[events.length];
    int[] origins = new int[events.length];
    int p = 0;
    for (int i = 0; i < events.length; i++) {
      starts[i] = p;
      System.arraycopy(events[i], 0, buf, p, events[i].length);
      p += events[i].length;
      ends[i] = p;
      buf[p++] = '\n';
      origins[i] = i;
    }
    return new Batch(buf, starts, ends, origins, events.length);
  }

  /** The number of events. */
  public int size() {
    return count;
  }

  /** The buffer holding the events; read it between {@link #start} and its length only. */
  public byte[] buffer() {
    return buf;
  }

  /** Where event {@code i} starts in {@link #buffer()}. */
  public int start(int i) {
    return startOf(check(i));
  }

  /** The length in bytes of event {@code i}, without the line break. */
  public int length(int i) {
    return ends[check(i)] - startOf(i);
  }

  /** A copy of the bytes of event {@code i}. */
  public byte[] event(int i) {
    return Arrays.copyOfRange(buf, startOf(check(i)), ends[i]);
  }

  /** Event {@code i} decoded; for messages and tests. */
  public String eventString(int i) {
    int from = startOf(check(i));
    return new String(buf, from, ends[i] - from, StandardCharsets.UTF_8);
  }

  /** The bytes of all events with one line break each: the size of the NDJSON body. */
  public long ndjsonBytes() {
    long n = ndjsonBytes;
    if (n < 0) {
      n = 0;
      for (int i = 0; i < count; i++) {
        n += ends[i] - startOf(i) + 1;
      }
      ndjsonBytes = n;
    }
    return n;
  }

  /** Writes the events as NDJSON: each followed by {@code '\n'}. */
  public void writeNdjson(OutputStream out) throws IOException {
    if (starts == null) {
      if (count > 0) {
        out.write(buf, 0, ends[count - 1]);
        out.write('\n'); // the buffer has none after the last event
      }
      return;
    }
    int i = 0;
    while (i < count) {
      // The longest run of events adjacent in the buffer goes out in one write.
      int j = i + 1;
      while (j < count && startOf(j) == ends[j - 1] + 1) {
        j++;
      }
      int from = startOf(i);
      out.write(buf, from, ends[j - 1] - from);
      out.write('\n');
      i = j;
    }
  }

  /** Writes the events as one JSON array: {@code [e0,e1,...]}. */
  public void writeJsonArray(OutputStream out) throws IOException {
    out.write('[');
    for (int i = 0; i < count; i++) {
      if (i > 0) {
        out.write(',');
      }
      int from = startOf(i);
      out.write(buf, from, ends[i] - from);
    }
    out.write(']');
  }

  /**
   * The events at the given indices of this batch, in that order, sharing this batch's buffer.
   *
   * @param indices indices into this batch; only the first {@code n} are used
   */
  public Batch select(int[] indices, int n) {
    int[] s = new int[n];
    int[] e = new int[n];
    int[] o = new int[n];
    for (int k = 0; k < n; k++) {
      int i = check(indices[k]);
      s[k] = startOf(i);
      e[k] = ends[i];
      o[k] = origins[i];
    }
    return new Batch(buf, s, e, o, n);
  }

  /** Events {@code from} (inclusive) to {@code to} (exclusive) of this batch. */
  public Batch slice(int from, int to) {
    if (from < 0 || to > count || from > to) {
      throw new IndexOutOfBoundsException("slice " + from + ".." + to + " of a batch of " + count);
    }
    int[] s = new int[to - from];
    for (int i = from; i < to; i++) {
      s[i - from] = startOf(i);
    }
    return new Batch(
        buf,
        s,
        Arrays.copyOfRange(ends, from, to),
        Arrays.copyOfRange(origins, from, to),
        to - from);
  }

  /** The index this event had in the batch the sink formed before any retry or split. */
  int origin(int i) {
    return origins[i];
  }

  private int check(int i) {
    if (i < 0 || i >= count) {
      throw new IndexOutOfBoundsException("event " + i + " of a batch of " + count);
    }
    return i;
  }

  @Override
  public String toString() {
    return "Batch[" + count + " events, " + ndjsonBytes() + " bytes]";
  }
}
