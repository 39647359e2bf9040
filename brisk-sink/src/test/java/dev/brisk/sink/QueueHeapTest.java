package dev.brisk.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A queue capacity the heap cannot hold is a builder error that says what to change, not an
 * OutOfMemoryError from build(): the queue's array is made whole when the sink is built. Run in a
 * JVM of its own with a 32 MiB heap, asked for a queue of 2^24 events (an array of 64 MiB at the
 * least); then, in the same JVM, a sink of a sane size still builds and delivers.
 */
class QueueHeapTest {
  @Test
  void aQueueTheHeapCannotHoldIsRefusedWithWhatToChange() throws IOException, InterruptedException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    // Output to a file, read after the timed wait: a child that hangs fails the test in 60 s
    // instead of blocking a read of its output forever.
    Path log = Files.createTempFile("brisk-queue-heap", ".txt");
    String out;
    try {
      Process p = new ProcessBuilder(java, "-Xmx32m", "-cp", System.getProperty("java.class.path"),
          QueueHeapTest.class.getName()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
      boolean ended = p.waitFor(60, TimeUnit.SECONDS);
      if (!ended) {
        p.destroyForcibly().waitFor();
      }
      out = Files.readString(log, StandardCharsets.UTF_8);
      assertTrue(ended, "the process did not end in 60 s: " + out);
      assertEquals(0, p.exitValue(), out);
    } finally {
      Files.delete(log);
    }
    assertTrue(out.contains("refused: IllegalArgumentException: a queue of 16777216 events is an array of 16777216"
        + " slots (at least 64 MiB), which this JVM's heap (at most "), out);
    assertTrue(out.contains("could not hold: build the sink with a smaller queueCapacity, or give the JVM more heap (-Xmx)"), out);
    assertTrue(out.contains("a small sink delivered 3"), out);
  }

  /** The child process: the oversized queue, then a small sink, each reported on a line. */
  public static void main(String[] args) throws Exception {
    RecordingTransport t = new RecordingTransport();
    try {
      SinkTest.builder(t).queueCapacity(1 << 24, 1 << 20).build().close();
      System.out.println("built: a 2^24 queue fitted in " + (Runtime.getRuntime().maxMemory() >> 20) + " MiB");
    } catch (IllegalArgumentException e) {
      System.out.println("refused: IllegalArgumentException: " + e.getMessage());
    }
    try (Sink<SinkTest.Event> sink = SinkTest.builder(t).queueCapacity(1024, 1 << 20).build()) {
      for (int i = 0; i < 3; i++) {
        sink.put(new SinkTest.Event(i));
      }
    }
    System.out.println("a small sink delivered " + t.events.size());
  }
}
