package dev.brisk.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NdjsonFileTransportTest {
  @TempDir Path dir;

  @Test
  void aSinkWritesEveryEventOnceIntoFilesRolledBySize() throws Exception {
    NdjsonFileTransport files = NdjsonFileTransport.builder(dir).prefix("users").maxFileBytes(10_000).build();
    try (Sink<SinkTest.Event> sink = Sink.<SinkTest.Event>builder()
        .serializer(SinkTest::write).transport(files).maxBatchEvents(50).build()) {
      for (int i = 0; i < 5000; i++) {
        sink.put(new SinkTest.Event(i));
      }
    }
    List<Path> written = NdjsonFiles.files(dir);
    assertTrue(written.size() > 10, "rolled at 10 kB: " + written.size() + " files");
    assertEquals(files.filesWritten(), written.size());
    List<Integer> ids = new ArrayList<>();
    List<NdjsonFiles.FileScan> scans = NdjsonFiles.scan(dir, (f, line, buf, off, len) ->
        ids.add(SinkTest.id(new String(buf, off, len, StandardCharsets.UTF_8))));
    for (NdjsonFiles.FileScan s : scans) {
      assertEquals(0, s.tornBytes(), s.file().toString());
      assertEquals(0, s.invalidCount());
      assertTrue(Files.size(s.file()) <= 10_000, "each file within its size: " + Files.size(s.file()));
      assertTrue(s.file().getFileName().toString().matches("users-\\d{8}T\\d{6}Z-\\d{6}\\.ndjson"), s.file().toString());
    }
    assertEquals(5000, ids.size());
    for (int i = 0; i < 5000; i++) {
      assertEquals(i, ids.get(i), "file names sort in the order written");
    }
  }

  @Test
  void aPlaceNoFileCanBeWrittenIsRefusedAtOnceNotRetried() throws Exception {
    Path file = Files.writeString(dir.resolve("plain.txt"), "x");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> NdjsonFileTransport.builder(file).build());
    assertTrue(e.getMessage().contains("plain.txt is a file, not a folder"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> NdjsonFileTransport.builder(file.resolve("a/b")).build());
    assertTrue(e.getMessage().contains("lies under " + file), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> NdjsonFileTransport.singleFile(dir));
    assertTrue(e.getMessage().contains("is a folder, not a file"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> NdjsonFileTransport.singleFile(file.resolve("dead.ndjson")));
    assertTrue(e.getMessage().contains("lies under " + file), e.getMessage());
    // Places that do not exist yet are fine: they are made at the first batch.
    try (NdjsonFileTransport t = NdjsonFileTransport.builder(dir.resolve("new/deeper")).build()) {
      t.send(Batch.of("{\"a\":1}"));
    }
    assertEquals(1, NdjsonFiles.files(dir.resolve("new/deeper")).size());
  }

  @Test
  void filesRollByAge() throws Exception {
    NdjsonFileTransport files = NdjsonFileTransport.builder(dir).maxFileAge(Duration.ofNanos(1)).build();
    files.send(Batch.of("{\"a\":1}"));
    files.send(Batch.of("{\"a\":2}"));
    files.send(Batch.of("{\"a\":3}"));
    files.close();
    assertEquals(3, NdjsonFiles.files(dir).size());
  }

  @Test
  void aNewTransportNeverAppendsToAnEarlierFile() throws Exception {
    for (int run = 0; run < 3; run++) {
      try (NdjsonFileTransport files = NdjsonFileTransport.builder(dir).build()) {
        files.send(Batch.of("{\"run\":" + run + "}"));
      }
    }
    List<Path> written = NdjsonFiles.files(dir);
    assertEquals(3, written.size());
    for (Path f : written) {
      assertEquals(1, Files.readAllLines(f).size());
    }
  }

  @Test
  void aTornLastLineIsDetectedAndInvalidLinesAreReported() throws IOException {
    try (NdjsonFileTransport files = NdjsonFileTransport.builder(dir).build()) {
      files.send(Batch.of("{\"a\":1}", "{\"a\":2}"));
    }
    Path f = NdjsonFiles.files(dir).get(0);
    // What a crash in the middle of the next write leaves behind, and a line damaged on disk.
    Files.write(f, "{\"a\":3,\n{\"a\":4,\"b".getBytes(StandardCharsets.UTF_8), StandardOpenOption.APPEND);
    NdjsonFiles.FileScan s = NdjsonFiles.scan(dir).get(0);
    assertEquals(2, s.events());
    assertEquals(9, s.tornBytes()); // {"a":4,"b
    assertEquals(1, s.invalidCount());
    assertTrue(s.invalid().get(0).startsWith(f + ":3:"), s.invalid().toString());
  }

  @Test
  void aLineLongerThanAScanReadsIsCountedNotHeld() throws IOException {
    // With a limit of 100 bytes the scan reads into 101 bytes: the long lines cross many reads.
    String exactly100 = "\"" + "x".repeat(98) + "\"";
    String long150 = "\"" + "y".repeat(148) + "\"";
    Path f = dir.resolve("long.ndjson");
    Files.write(f, ("{\"a\":1}\n" + long150 + "\n" + exactly100 + "\n" + "z".repeat(1000) + "\n{\"a\":2}\n"
        + "{\"torn\":\"" + "t".repeat(240)).getBytes(StandardCharsets.UTF_8));
    List<String> events = new ArrayList<>();
    NdjsonFiles.FileScan s = NdjsonFiles.scanFile(f, (file, line, buf, off, len) ->
        events.add(line + " " + new String(buf, off, len, StandardCharsets.UTF_8)), 100);
    assertEquals(List.of("1 {\"a\":1}", "3 " + exactly100, "5 {\"a\":2}"), events);
    assertEquals(3, s.events());
    assertEquals(2, s.invalidCount());
    assertEquals(List.of(f + ":2:1: a line of 150 bytes, longer than the 100 a scan reads: not read",
        f + ":4:1: a line of 1000 bytes, longer than the 100 a scan reads: not read"), s.invalid());
    assertEquals(9 + 240, s.tornBytes());

    Files.write(f, "{\"a\":1}\nshort torn tail".getBytes(StandardCharsets.UTF_8));
    s = NdjsonFiles.scanFile(f, null, 100);
    assertEquals(1, s.events());
    assertEquals(15, s.tornBytes());
  }

  @Test
  void aSingleFileStartsOnAFreshLineAfterATornTail() throws IOException {
    Path dead = dir.resolve("sub/dead.ndjson");
    try (NdjsonFileTransport t = NdjsonFileTransport.singleFile(dead)) {
      t.send(Batch.of("{\"a\":1}"));
    }
    Files.write(dead, "{\"torn".getBytes(StandardCharsets.UTF_8), StandardOpenOption.APPEND);
    try (NdjsonFileTransport t = NdjsonFileTransport.singleFile(dead)) {
      t.send(Batch.of("{\"a\":2}"));
    }
    assertEquals(List.of("{\"a\":1}", "{\"torn", "{\"a\":2}"), Files.readAllLines(dead));
    NdjsonFiles.FileScan s = NdjsonFiles.scan(dead).get(0);
    assertEquals(2, s.events());
    assertEquals(1, s.invalidCount(), "the torn line is reported, not glued to the next");
    assertEquals(0, s.tornBytes());
  }

  @Test
  void fsyncOnStillWritesEveryBatch() throws Exception {
    try (NdjsonFileTransport files = NdjsonFileTransport.builder(dir).fsync(true).build()) {
      for (int i = 0; i < 10; i++) {
        files.send(Batch.of("{\"i\":" + i + "}"));
      }
    }
    assertEquals(10, NdjsonFiles.events(NdjsonFiles.scan(dir)));
  }
}
