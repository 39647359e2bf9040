package dev.brisk.cli;

import static dev.brisk.cli.CliTest.brisk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brisk.json.Json;
import dev.brisk.json.JsonObject;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@code brisk opensearch start|status|stop} with a real server: started by a separate {@code
 * brisk} process that then exits, so the server must outlive the command that started it.
 */
class OpenSearchCommandTest {

  static int freePort() throws Exception {
    return dev.brisk.opensearch.OpenSearchFixture.freeLoopbackPort();
  }

  @Test
  void startsADetachedServerThatShipTalksToAndStopsItKeepingTheDataUntilPurged() throws Exception {
    Path dir = Path.of(System.getProperty("java.io.tmpdir"), "brisk-opensearch", "cli-test-" + UUID.randomUUID());
    String d = dir.toString();
    int port = freePort();
    URI uri = URI.create("http://127.0.0.1:" + port);
    try {
      CliTest.Run none = brisk("opensearch", "status", "--dir", d);
      assertEquals(3, none.code(), none.out());
      assertTrue(none.out().contains("OpenSearch is not running (no server started by brisk opensearch start in "), none.out());

      CliTest.Run started = CliTest.briskProcess("opensearch", "start", "--dir", d, "--port", Integer.toString(port));
      assertEquals(0, started.code(), started.out());
      assertTrue(started.out().contains("is running at " + uri + " (pid "), started.out());
      assertTrue(started.out().contains("stop: brisk opensearch stop --dir " + dir.toAbsolutePath()), started.out());
      Properties state = OpenSearchCommand.state(dir.toAbsolutePath()).orElseThrow();
      long pid = Long.parseLong(state.getProperty("pid"));
      assertTrue(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "the server outlived the command");

      CliTest.Run status = brisk("opensearch", "status", "--dir", d);
      assertEquals(0, status.code(), status.out());
      assertTrue(status.out().matches("(?s)OpenSearch \\S+ is running at " + uri + " \\(pid " + pid + ", cluster (green|yellow), data in .*"),
          status.out());
      CliTest.Run again = brisk("opensearch", "start", "--dir", d, "--port", Integer.toString(port));
      assertEquals(0, again.code(), again.out());
      assertTrue(again.out().contains("OpenSearch is running already at " + uri + " (pid " + pid + ""), again.out());

      // The server is there for ship.
      Path in = dir.resolveSibling(dir.getFileName() + ".ndjson");
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < 500; i++) {
        sb.append("{\"_id\":\"e").append(i).append("\",\"n\":").append(i).append("}\n");
      }
      Files.writeString(in, sb);
      try {
        CliTest.Run ship = brisk("ship", in.toString(), "--to", uri + "/events", "--id-field", "_id", "-q");
        assertEquals(0, ship.code(), ship.out() + ship.err());
      } finally {
        Files.delete(in);
      }
      assertEquals(500, ShipToOpenSearchTest.count(uri, "events"));

      CliTest.Run stopped = brisk("opensearch", "stop", "--dir", d);
      assertEquals(0, stopped.code(), stopped.out());
      assertTrue(stopped.out().contains("OpenSearch at " + uri + " (pid " + pid + ") stopped in "), stopped.out());
      assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
      CliTest.Run after = brisk("opensearch", "status", "--dir", d);
      assertEquals(3, after.code(), after.out());
      CliTest.Run stopAgain = brisk("opensearch", "stop", "--dir", d);
      assertEquals(0, stopAgain.code(), stopAgain.out());
      assertTrue(stopAgain.out().contains("OpenSearch is not running"), stopAgain.out());

      // Started again on the same folder: the data is still there.
      CliTest.Run restarted = brisk("opensearch", "start", "--dir", d, "--port", Integer.toString(port));
      assertEquals(0, restarted.code(), restarted.out());
      assertEquals(500, ShipToOpenSearchTest.count(uri, "events"));
      JsonObject doc = ShipToOpenSearchTest.get(uri.resolve("/events/_doc/e7"));
      assertEquals(Json.parse("{\"n\":7}"), doc.get("_source"));

      CliTest.Run purged = brisk("opensearch", "stop", "--dir", d, "--purge");
      assertEquals(0, purged.code(), purged.out());
      assertTrue(purged.out().contains("deleted " + dir.toAbsolutePath()), purged.out());
      assertFalse(Files.exists(dir));
    } finally {
      brisk("opensearch", "stop", "--dir", d, "--purge");
    }
  }

  @Test
  void aTakenPortIsAClearError() throws Exception {
    Path dir = Path.of(System.getProperty("java.io.tmpdir"), "brisk-opensearch", "cli-test-" + UUID.randomUUID());
    try (ServerSocket taken = new ServerSocket()) {
      taken.bind(new InetSocketAddress("127.0.0.1", 0));
      CliTest.Run r = brisk("opensearch", "start", "--dir", dir.toString(), "--port", Integer.toString(taken.getLocalPort()));
      assertEquals(1, r.code(), r.out() + r.err());
      assertTrue(r.err().contains("port " + taken.getLocalPort() + " on 127.0.0.1 is in use; choose another HTTP port"), r.err());
    } finally {
      brisk("opensearch", "stop", "--dir", dir.toString(), "--purge");
    }
  }

  @Test
  void aRecordedPidThatIsNowAnotherProcessIsNeitherReportedNorSignalled() throws Exception {
    Path dir = Path.of(System.getProperty("java.io.tmpdir"), "brisk-opensearch", "cli-test-" + UUID.randomUUID());
    Process stranger = new ProcessBuilder("sleep", "120").start();
    try {
      Files.createDirectories(dir);
      Files.writeString(dir.resolve(OpenSearchCommand.STATE_FILE),
          "pid=" + stranger.pid() + "\nurl=http\\://127.0.0.1\\:" + freePort() + "\nversion=3.6.0\n");
      CliTest.Run status = brisk("opensearch", "status", "--dir", dir.toString());
      assertEquals(3, status.code(), status.out());
      assertTrue(status.out().contains("OpenSearch is not running: pid " + stranger.pid() + " "), status.out());
      CliTest.Run stop = brisk("opensearch", "stop", "--dir", dir.toString(), "--purge");
      assertEquals(0, stop.code(), stop.out());
      assertTrue(stop.out().contains("OpenSearch is not running"), stop.out());
      assertTrue(stranger.isAlive(), "stop signalled a process that is not the server");
    } finally {
      stranger.destroyForcibly();
      brisk("opensearch", "stop", "--dir", dir.toString(), "--purge");
    }
  }

  @Test
  void withoutAVerbItPrintsUsage() {
    CliTest.Run r = brisk("opensearch");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("start") && r.err().contains("stop") && r.err().contains("status"), r.err());
  }
}
