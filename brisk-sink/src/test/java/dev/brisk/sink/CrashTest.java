package dev.brisk.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process that ships events into a folder of NDJSON files is killed with SIGKILL in the middle
 * of the stream, at a different moment each round. Afterwards: every event the process had seen
 * delivered (by {@code flush()}) is in the files exactly once, the complete lines are the events
 * from 0 on without a gap, no line is damaged, and only the last file may end in a torn line. A
 * new sink on the same folder then delivers the rest. Batches of 50 000 events (about 1.6 MB)
 * take many writes each, so a kill can fall inside one and tear the last line: in about one round
 * of ten here (the scan's report of a torn line is tested in {@link NdjsonFileTransportTest}).
 * {@code -Dbrisk.crash.rounds=N} runs more rounds.
 */
class CrashTest {
  @TempDir Path root;

  /** The process killed: ships events 0, 1, 2, ... and prints how many were delivered after each flush. */
  public static void main(String[] args) throws Exception {
    NdjsonFileTransport files = NdjsonFileTransport.builder(Path.of(args[0])).maxFileBytes(8 << 20).build();
    Sink<SinkTest.Event> sink = SinkTest.builder(files).maxBatchEvents(50_000).maxBatchBytes(4 << 20).build();
    for (int i = 0; ; i++) {
      sink.put(new SinkTest.Event(i));
      if (i % 100_000 == 99_999) {
        sink.flush();
        System.out.println("delivered " + (i + 1));
        System.out.flush();
      }
    }
  }

  @Test
  void aKilledSinkLosesNothingItDelivered() throws Exception {
    SplittableRandom r = new SplittableRandom(Long.getLong("brisk.fuzz.seed", 3));
    int torn = 0;
    int rounds = Integer.getInteger("brisk.crash.rounds", 6);
    for (int round = 0; round < rounds; round++) {
      Path dir = root.resolve("round" + round);
      long delivered = runAndKill(dir, 3 + r.nextInt(6), r.nextInt(30));

      BitSet ids = new BitSet();
      List<Integer> twice = new ArrayList<>();
      List<NdjsonFiles.FileScan> scans = NdjsonFiles.scan(dir, (f, line, buf, off, len) -> {
        int id = SinkTest.id(new String(buf, off, len, StandardCharsets.UTF_8));
        if (ids.get(id)) {
          twice.add(id);
        }
        ids.set(id);
      });
      String where = "round " + round + ", " + delivered + " seen delivered, " + ids.cardinality() + " read";
      assertTrue(twice.isEmpty(), where + ": events twice " + twice);
      assertTrue(ids.cardinality() >= delivered, where);
      assertEquals(ids.cardinality(), ids.length(), where + ": a gap in the ids");
      for (int i = 0; i < scans.size(); i++) {
        NdjsonFiles.FileScan s = scans.get(i);
        assertEquals(0, s.invalidCount(), where + ": " + s.invalid());
        if (i < scans.size() - 1) {
          assertEquals(0, s.tornBytes(), where + ": only the last file may be torn, not " + s.file());
        } else if (s.tornBytes() > 0) {
          torn++;
        }
      }

      // A new sink on the same folder goes on from the first id missing.
      int next = ids.length();
      try (Sink<SinkTest.Event> sink = SinkTest.builder(NdjsonFileTransport.builder(dir).build()).build()) {
        for (int i = next; i < next + 1000; i++) {
          sink.put(new SinkTest.Event(i));
        }
      }
      BitSet after = new BitSet();
      NdjsonFiles.scan(dir, (f, line, buf, off, len) -> after.set(SinkTest.id(new String(buf, off, len, StandardCharsets.UTF_8))));
      assertEquals(next + 1000, after.cardinality(), where + ": after the restart");
      assertEquals(next + 1000, after.length(), where + ": after the restart");
    }
    System.out.println("CrashTest: " + torn + " of " + rounds + " rounds ended in a torn line");
  }

  /** Starts the shipping process, lets it report {@code reports} flushes, waits, kills it. */
  private static long runAndKill(Path dir, int reports, int millis) throws IOException, InterruptedException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
        CrashTest.class.getName(), dir.toString()).redirectErrorStream(true).start();
    // A child that stops printing would block readLine below forever: killed after two minutes,
    // its output ends and the test fails with what it printed.
    CompletableFuture.delayedExecutor(2, TimeUnit.MINUTES).execute(p::destroyForcibly);
    long delivered = 0;
    StringBuilder other = new StringBuilder();
    try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      int seen = 0;
      String line;
      while (seen < reports && (line = out.readLine()) != null) {
        if (line.startsWith("delivered ")) {
          delivered = Long.parseLong(line.substring(10));
          seen++;
        } else {
          other.append(line).append('\n');
        }
      }
      assertEquals(reports, seen, "the process stopped early:\n" + other);
      Thread.sleep(millis);
      p.destroyForcibly(); // SIGKILL
      p.waitFor();
    }
    return delivered;
  }
}
