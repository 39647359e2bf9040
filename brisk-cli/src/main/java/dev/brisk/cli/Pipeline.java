package dev.brisk.cli;

import dev.brisk.json.Json;
import dev.brisk.json.JsonException;
import dev.brisk.json.JsonWriter;
import dev.brisk.sink.Batch;
import dev.brisk.sink.Outcome;
import dev.brisk.sink.Sink;
import dev.brisk.sink.SinkMetrics;
import dev.brisk.sink.Transport;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * The loop of {@code ship} and {@code demo}: reads NDJSON events line by line, turns each into an
 * event (parsed by a codec, or checked and kept as bytes), and puts it into a {@link Sink}. A line
 * that is not a valid event is reported as {@code file:line:column: message (at path)} and, when
 * there is a dead-letter transport, written to it with the reason; the other lines still ship.
 */
final class Pipeline<T> {
  /** Turns one line into an event; a fault is a {@link JsonException}. */
  interface Parser<T> {
    T parse(byte[] buf, int len);
  }

  /** What a run did. */
  static final class Result {
    long lines;
    long invalid;
    long inputBytes;
    double seconds;
    SinkMetrics metrics;

    double eventsPerSecond() {
      return metrics.delivered() / seconds;
    }

    double mibPerSecond() {
      return inputBytes / seconds / (1 << 20);
    }
  }

  private final String source;
  private final Parser<T> parser;
  private final Sink<T> sink;
  private final Transport deadLetters;
  private final PrintWriter err;
  private final int maxErrors;

  /**
   * @param deadLetters where invalid lines go, or null; it must be safe to call from the reading
   *     thread while the sink's writer uses it too ({@link #shared})
   */
  Pipeline(String source, Parser<T> parser, Sink<T> sink, Transport deadLetters, PrintWriter err, int maxErrors) {
    this.source = source;
    this.parser = parser;
    this.sink = sink;
    this.deadLetters = deadLetters;
    this.err = err;
    this.maxErrors = maxErrors;
  }

  /** A transport whose calls are serialized, for the reader thread and the sink's writer both. */
  static Transport shared(Transport t) {
    return new Transport() {
      @Override
      public synchronized Outcome send(Batch batch) throws IOException {
        return t.send(batch);
      }

      @Override
      public String describe() {
        return t.describe();
      }

      @Override
      public synchronized void close() throws IOException {
        t.close();
      }
    };
  }

  /**
   * Reads {@code in} to its end, ships every valid line, closes the sink (waiting up to {@code
   * closeTimeout}) and returns the counts. {@code ticker} is told how far the run is.
   */
  Result run(InputStream in, Duration closeTimeout, Ticker ticker) throws IOException, InterruptedException {
    Result r = new Result();
    long start = System.nanoTime();
    CountingInputStream counted = new CountingInputStream(in, null);
    LineReader lines = new LineReader(counted, Json.DEFAULT.limits().maxStringLength() + (1 << 20));
    List<byte[]> badRecords = new ArrayList<>();
    ticker.start(counted, sink);
    try {
      long lineNo = 0;
      while (lines.next()) {
        lineNo++;
        if (lines.blank()) {
          continue;
        }
        r.lines++;
        T event;
        try {
          if (lines.tooLong()) {
            throw new JsonException("line longer than " + lines.max() + " bytes", 0, 1, 1, "$");
          }
          event = parser.parse(lines.buffer(), lines.length());
        } catch (JsonException e) {
          r.invalid++;
          if (r.invalid <= maxErrors) {
            ticker.clear();
            NdjsonLines.report(err, source, lineNo, e);
          }
          if (deadLetters != null) {
            badRecords.add(invalidRecord(lineNo, e, lines));
            if (badRecords.size() >= 100) {
              sendInvalid(badRecords);
            }
          }
          continue;
        }
        sink.put(event);
      }
      if (!badRecords.isEmpty()) {
        sendInvalid(badRecords);
      }
      if (r.invalid > maxErrors) {
        ticker.clear();
        err.printf("%s: %d more invalid lines not shown (--max-errors)%n", source, r.invalid - maxErrors);
      }
    } finally {
      r.metrics = sink.close(closeTimeout);
      ticker.stop();
    }
    r.inputBytes = counted.count();
    r.seconds = (System.nanoTime() - start) / 1e9;
    return r;
  }

  /**
   * The dead letter of an invalid line: why, where, and the line as text. A line that is not
   * UTF-8 also keeps its exact bytes in base64: its text has U+FFFD where they were, so the line
   * could not be mended and sent again from the text alone.
   */
  private byte[] invalidRecord(long lineNo, JsonException e, LineReader lines) {
    byte[] buf = lines.buffer();
    int len = lines.length();
    String text = lines.tooLong()
        ? "(longer than " + lines.max() + " bytes, not kept)"
        : new String(buf, 0, len, StandardCharsets.UTF_8);
    byte[] asText = lines.tooLong() ? null : text.getBytes(StandardCharsets.UTF_8);
    String base64 = asText == null || Arrays.equals(asText, 0, asText.length, buf, 0, len)
        ? null : Base64.getEncoder().encodeToString(Arrays.copyOf(buf, len));
    return JsonWriter.toBytes(w -> {
      w.beginObject()
          .name("error").value(source + ":" + lineNo + ":" + e.column() + ": " + e.reason() + " (at " + e.shownPath() + ")")
          .name("attempts").value(0)
          .name("line").value(lineNo)
          .name("text").value(text);
      if (base64 != null) {
        w.name("base64").value(base64);
      }
      w.endObject();
    });
  }

  /** Invalid lines go to the dead letters straight from this thread, retried until they are kept. */
  private void sendInvalid(List<byte[]> records) throws IOException, InterruptedException {
    Batch b = Batch.of(records.toArray(new byte[0][]));
    records.clear();
    for (int attempt = 1; ; attempt++) {
      Outcome o;
      try {
        o = deadLetters.send(b);
      } catch (IOException e) {
        o = Outcome.retry(e.toString());
      }
      if (o.allDelivered()) {
        return;
      }
      if (attempt >= 10) {
        throw new IOException("cannot write invalid lines to the dead-letter file " + deadLetters.describe() + ": " + o);
      }
      Thread.sleep(100L * attempt);
    }
  }

  /** Counts the bytes read, for the progress line. */
  /**
   * Shows how far a run is on standard error: a bar redrawn five times a second when it is a
   * terminal, otherwise a plain line every {@code plainEvery} (never, when null).
   */
  static final class Ticker {
    private final PrintWriter err;
    private final String label;
    private final long totalBytes;
    private final boolean terminal;
    private final Duration plainEvery;
    private Thread thread;
    private volatile boolean running;
    private boolean drawn;

    Ticker(PrintWriter err, String label, long totalBytes, boolean terminal, Duration plainEvery) {
      this.err = err;
      this.label = label;
      this.totalBytes = totalBytes;
      this.terminal = terminal;
      this.plainEvery = plainEvery;
    }

    void start(CountingInputStream in, Sink<?> sink) {
      if (!terminal && plainEvery == null) {
        return;
      }
      running = true;
      long startNanos = System.nanoTime();
      thread = new Thread(() -> {
        long pause = terminal ? 200 : plainEvery.toMillis();
        while (running) {
          try {
            Thread.sleep(pause);
          } catch (InterruptedException e) {
            return;
          }
          if (!running) {
            return;
          }
          draw(in.count(), sink.metrics(), (System.nanoTime() - startNanos) / 1e9);
        }
      }, "brisk-progress");
      thread.setDaemon(true);
      thread.start();
    }

    private synchronized void draw(long bytes, SinkMetrics m, double seconds) {
      String counts = String.format(Locale.ROOT, "%,d events shipped, %,d queued, %,d retried, %,d dead letters",
          m.delivered(), m.pending(), m.retried(), m.deadLettered());
      if (terminal) {
        String bar = totalBytes > 0 ? Progress.render(label, bytes, totalBytes, seconds) : label + " " + Progress.bytes(bytes);
        err.print("\r" + bar + "  " + counts + "\u001b[K");
        drawn = true;
      } else {
        err.printf(Locale.ROOT, "%s: %s read in %.0f s; %s%n", label, Progress.bytes(bytes), seconds, counts);
      }
      err.flush();
    }

    /** Erases the bar before another line is printed. */
    synchronized void clear() {
      if (drawn) {
        err.print("\r\u001b[K");
        err.flush();
        drawn = false;
      }
    }

    void stop() throws InterruptedException {
      running = false;
      if (thread != null) {
        thread.interrupt();
        thread.join();
      }
      clear();
    }
  }
}
