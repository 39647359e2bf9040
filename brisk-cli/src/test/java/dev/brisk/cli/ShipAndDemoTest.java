package dev.brisk.cli;

import static dev.brisk.cli.CliTest.brisk;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.brisk.json.Json;
import dev.brisk.json.JsonArray;
import dev.brisk.json.JsonObject;
import dev.brisk.json.JsonValue;
import dev.brisk.sink.NdjsonFiles;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code brisk demo} and {@code brisk ship}, run as the command line runs them, on real files and sockets. */
class ShipAndDemoTest {
  @TempDir Path dir;

  Path write(String name, String content) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, content, StandardCharsets.UTF_8);
    return p;
  }

  static List<String> shipped(Path folder) throws IOException {
    List<String> events = new ArrayList<>();
    NdjsonFiles.scan(folder, (f, line, buf, off, len) -> events.add(new String(buf, off, len, StandardCharsets.UTF_8)));
    return events;
  }

  @Test
  void demoGeneratesCompilesShipsAndComparesWithJackson() throws IOException {
    Path out = dir.resolve("out");
    CliTest.Run r = brisk("demo", "--events", "3000", "--out", out.toString());
    assertEquals(0, r.code(), r.out() + r.err());
    assertTrue(r.out().contains("generated 3,000 users events"), r.out());
    assertTrue(r.out().contains("compiled the User codec from samples/users.schema"), r.out());
    assertTrue(r.out().matches("(?s).*brisk: +3,000 events in .* 0 retries, 0 dead letters; \\d+ file\\(s\\) in .*"), r.out());
    assertTrue(r.out().matches("(?s).*jackson: +3,000 events in .*"), r.out());
    assertTrue(r.out().matches("(?s).*brisk shipped \\d+\\.\\d\\dx the events per second of jackson databind.*"), r.out());
    List<String> input = Files.readAllLines(out.resolve("input/users.ndjson"));
    List<String> brisk = shipped(out.resolve("brisk"));
    List<String> jackson = shipped(out.resolve("jackson"));
    assertEquals(3000, input.size());
    assertEquals(3000, brisk.size());
    assertEquals(3000, jackson.size());
    for (int i = 0; i < input.size(); i++) {
      JsonValue in = Json.parse(input.get(i));
      assertEquals(in, Json.parse(brisk.get(i)), "brisk shipped event " + i + " as it was");
      assertEquals(in, Json.parse(jackson.get(i)), "jackson shipped event " + i + " as it was");
    }
  }

  @Test
  void demoIsTheSameForTheSameSeed() throws IOException {
    assertEquals(0, brisk("demo", "--events", "50", "--no-jackson", "--out", dir.resolve("a").toString()).code());
    assertEquals(0, brisk("demo", "--events", "50", "--no-jackson", "--out", dir.resolve("b").toString()).code());
    assertEquals(Files.readString(dir.resolve("a/input/users.ndjson")), Files.readString(dir.resolve("b/input/users.ndjson")));
  }

  @Test
  void shipToFilesReportsInvalidLinesDeadLettersThemAndShipsTheRest() throws IOException {
    Path in = write("events.ndjson", "{\"id\":1}\n{\"id\":2,}\n\n{\"id\":3}\n[4\n{\"id\":5}\n");
    Path dead = dir.resolve("dead.ndjson");
    CliTest.Run r = brisk("ship", in.toString(), "--to", "file:" + dir.resolve("out"), "--dead-letter", dead.toString());
    assertEquals(1, r.code(), r.out() + r.err());
    // ship has no option that accepts a trailing comma, so it names none (nor the library's builder)
    assertTrue(r.err().contains(in + ":2:9: expected a member name in double quotes but found '}' (a trailing comma) (at $.id)\n"), r.err());
    assertFalse(r.err().contains("accepts it") || r.err().contains("Json.builder()"), r.err());
    assertTrue(r.err().contains(in + ":5:3: unexpected end of input: expected ',' or ']' (at $[0])"), r.err());
    assertTrue(r.out().contains("shipped 3 of 5 events to file:" + dir.resolve("out") + "/"), r.out());
    assertTrue(r.out().contains("2 invalid lines"), r.out());
    assertEquals(List.of("{\"id\":1}", "{\"id\":3}", "{\"id\":5}"), shipped(dir.resolve("out")));
    List<String> records = Files.readAllLines(dead);
    assertEquals(2, records.size());
    JsonObject first = (JsonObject) Json.parse(records.get(0));
    assertTrue(first.getString("error").startsWith(in + ":2:9: expected a member name in double quotes but found '}'"), first.toString());
    assertTrue(first.getString("error").endsWith("(at $.id)"), first.toString());
    assertEquals("{\"id\":2,}", first.getString("text"));
    assertEquals(2, first.getNumber("line").intValue());
    assertNull(first.get("base64"), "a UTF-8 line is kept as its text alone");
  }

  /**
   * A line that is not UTF-8 is kept in the dead letters byte for byte (base64) beside its text,
   * whose U+FFFD replacements lost the bytes: it could not be mended and replayed.
   */
  @Test
  void anInvalidLineThatIsNotUtf8IsDeadLetteredWithItsExactBytes() throws IOException {
    byte[] bad = {'{', '"', 'b', '"', ':', '"', (byte) 0xFF, (byte) 0xC3, '"', '}'};
    Path in = dir.resolve("bytes.ndjson");
    Files.write(in, concat("{\"id\":1}\n".getBytes(StandardCharsets.UTF_8), bad, "\n".getBytes(StandardCharsets.UTF_8)));
    Path dead = dir.resolve("dead.ndjson");
    CliTest.Run r = brisk("ship", in.toString(), "--to", "file:" + dir.resolve("out"), "--dead-letter", dead.toString());
    assertEquals(1, r.code(), r.out() + r.err());
    JsonObject record = (JsonObject) Json.parse(Files.readAllBytes(dead));
    assertTrue(record.getString("error").contains("invalid UTF-8"), record.toString());
    assertEquals("{\"b\":\"\uFFFD\uFFFD\"}", record.getString("text"));
    assertArrayEquals(bad, java.util.Base64.getDecoder().decode(record.getString("base64")));
  }

  private static byte[] concat(byte[]... parts) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  @Test
  void shipWithASchemaReadsAndWritesEachEventWithTheCompiledCodec() throws IOException {
    Path schema = write("s.schema", "create json schema Point(x int, y int)");
    Path in = write("points.ndjson", "{\"y\":2,\"x\":1}\n{\"x\":\"3\",\"y\":4}\n{\"x\":5}\n");
    CliTest.Run r = brisk("ship", in.toString(), "--to", "file:" + dir.resolve("out"), "--schema", schema.toString(), "--type", "Point");
    assertEquals(1, r.code(), r.out() + r.err());
    assertTrue(r.err().contains(in + ":2:6: expected an int but found a string (at $.x)"), r.err());
    assertEquals(List.of("{\"x\":1,\"y\":2}", "{\"x\":5,\"y\":null}"), shipped(dir.resolve("out")));
    r = brisk("ship", in.toString(), "--to", "file:" + dir.resolve("out2"), "--schema", schema.toString(), "--type", "Point", "--lenient");
    assertEquals(0, r.code(), r.out() + r.err());
    assertEquals(List.of("{\"x\":1,\"y\":2}", "{\"x\":3,\"y\":4}", "{\"x\":5,\"y\":null}"), shipped(dir.resolve("out2")));
  }

  /** A batch endpoint on a real socket; {@code status} answers request n. */
  static final class Receiver implements AutoCloseable {
    final HttpServer server;
    final List<JsonValue> events = new CopyOnWriteArrayList<>();
    final AtomicInteger requests = new AtomicInteger();

    Receiver(IntUnaryOperator status) throws IOException {
      server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      server.createContext("/batch", ex -> {
        byte[] body;
        try (InputStream in = ex.getRequestBody()) {
          body = in.readAllBytes();
        }
        int code = status.applyAsInt(requests.incrementAndGet());
        if (code == 200) {
          for (JsonValue v : (JsonArray) Json.parse(body)) {
            events.add(v);
          }
        }
        ex.sendResponseHeaders(code, -1);
        ex.close();
      });
      server.start();
    }

    String url() {
      return "batch+http://127.0.0.1:" + server.getAddress().getPort() + "/batch";
    }

    @Override
    public void close() {
      server.stop(0);
    }
  }

  @Test
  void shipToAnHttpBatchEndpointRidesOutErrorsAndDeliversEverything() throws IOException {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 2500; i++) {
      sb.append("{\"id\":").append(i).append("}\n");
    }
    Path in = write("many.ndjson", sb.toString());
    try (Receiver rx = new Receiver(n -> n % 2 == 1 ? 503 : 200)) {
      CliTest.Run r = brisk("ship", in.toString(), "--to", rx.url(), "--batch-size", "500", "-q");
      assertEquals(0, r.code(), r.out() + r.err());
      assertEquals(2500, rx.events.size());
      for (int i = 0; i < 2500; i++) {
        assertEquals(i, ((JsonObject) rx.events.get(i)).getNumber("id").intValue());
      }
      assertTrue(r.out().contains("shipped 2,500 of 2,500 events"), r.out());
    }
  }

  @Test
  void shipExitsThreeAndDeadLettersWhatTheEndpointRefuses() throws IOException {
    Path in = write("e.ndjson", "{\"id\":1}\n{\"id\":2}\n");
    Path dead = dir.resolve("dead.ndjson");
    try (Receiver rx = new Receiver(n -> 400)) {
      CliTest.Run r = brisk("ship", in.toString(), "--to", rx.url(), "--dead-letter", dead.toString(), "-q");
      assertEquals(3, r.code(), r.out() + r.err());
      assertTrue(r.out().contains("2 dead letters"), r.out());
      List<String> records = Files.readAllLines(dead);
      assertEquals(2, records.size());
      JsonObject rec = (JsonObject) Json.parse(records.get(0));
      assertTrue(rec.getString("error").startsWith("HTTP 400 from http://127.0.0.1:"), rec.toString());
      assertEquals(Json.parse("{\"id\":1}"), rec.get("event"));
    }
  }

  @Test
  void shipRefusesUnknownDestinationsWithUsage() {
    CliTest.Run r = brisk("ship", "-", "--to", "ftp://x");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--to takes file:DIR, http(s)://host:port/INDEX (OpenSearch) or batch+http(s)://host:port/path, not 'ftp://x'"), r.err());
    r = brisk("ship", "-", "--to", "file:x", "--linger", "soon");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--linger takes a duration such as 100ms"), r.err());
  }

  /**
   * Sizes and durations out of range are usage errors before anything starts. Before, a zero
   * batch size or byte count and a negative duration ended in the sink builder's stack trace
   * (exit 1), a zero --timeout retried every batch until --give-up-after (15 minutes by default),
   * and a negative --max-errors reported "1 more invalid lines not shown" for input without any.
   */
  @Test
  void shipCheckItsSizesAndDurationsFirst() {
    String[][] cases = {
      {"--batch-size", "0", "--batch-size must be at least 1, not 0"},
      {"--batch-bytes", "0", "--batch-bytes must be at least 1, not 0"},
      {"--linger", "-5s", "--linger cannot be negative, not '-5s'"},
      {"--give-up-after", "-PT1S", "--give-up-after cannot be negative, not '-PT1S'"},
      {"--timeout", "0s", "--timeout must be more than 0"},
      {"--max-errors", "-1", "--max-errors must be 0 or more, not -1"},
    };
    for (String[] c : cases) {
      CliTest.Run r = brisk("ship", "-", "--to", "batch+http://127.0.0.1:9/x", c[0], c[1]);
      assertEquals(2, r.code(), String.join(" ", c) + ": " + r.err());
      assertTrue(r.err().contains(c[2]), r.err());
      assertFalse(r.err().contains("\tat "), r.err());
    }
    for (String verb : new String[] {"check", "validate"}) {
      CliTest.Run r = verb.equals("check")
          ? brisk("check", "--max-errors", "-1", "x.ndjson")
          : brisk("validate", "--schema", "s", "--type", "T", "--max-errors", "-1", "x.ndjson");
      assertEquals(2, r.code(), verb + ": " + r.err());
      assertTrue(r.err().contains("--max-errors must be 0 or more, not -1"), r.err());
    }
  }
}
