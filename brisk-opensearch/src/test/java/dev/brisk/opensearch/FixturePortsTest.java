package dev.brisk.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The fixture's ports: chosen where outgoing connections do not take them, and when one is taken
 * anyway before the server binds it, the server is started again.
 */
class FixturePortsTest {

  @Test
  void freeLoopbackPortsAreOutsideTheEphemeralRangeAndFree() throws Exception {
    int[] ephemeral = OpenSearchFixture.ephemeralRange();
    for (int i = 0; i < 50; i++) {
      int port = OpenSearchFixture.freeLoopbackPort();
      assertTrue(port >= 10000 && (port < ephemeral[0] || port > ephemeral[1]), port + " in " + ephemeral[0] + "-" + ephemeral[1]);
      try (ServerSocket s = bind(port)) {
        assertEquals(port, s.getLocalPort());
      }
    }
  }

  @Test
  void aPortTakenBeforeTheServerBindsItIsReplacedOnAFirstStartAndWaitedForOnARestart() throws Exception {
    try (OpenSearchFixture os = OpenSearchFixture.builder().build()) {
      // Takes the HTTP port as soon as the fixture has chosen it, long before the server binds it.
      CompletableFuture<ServerSocket> thief = CompletableFuture.supplyAsync(() -> {
        while (true) {
          try {
            return bind(os.uri().getPort());
          } catch (IllegalStateException notChosenYet) {
            Thread.onSpinWait();
          } catch (IOException e) {
            throw new IllegalStateException("could not take the port before the server", e);
          }
        }
      });
      os.start();
      int stolen;
      try (ServerSocket s = thief.get(10, TimeUnit.SECONDS)) {
        stolen = s.getLocalPort();
      }
      assertTrue(bindFailures(os) >= 1, "the first server did not fail to bind:\n" + os.tail(40));
      assertNotEquals(stolen, os.uri().getPort());
      assertEquals(200, OpenSearchFixtureTest.call("GET", os.uri(), null).statusCode());

      // A restart keeps its port: taken while the server is down, it is waited for.
      int port = os.uri().getPort();
      os.kill();
      assertFalse(os.isRunning());
      int before = bindFailures(os);
      ServerSocket holder = bind(port);
      CompletableFuture<Void> release = CompletableFuture.runAsync(() -> {
        try (holder) {
          while (bindFailures(os) == before) {
            Thread.sleep(100);
          }
        } catch (IOException | InterruptedException e) {
          throw new IllegalStateException(e);
        }
      });
      os.start();
      release.get(10, TimeUnit.SECONDS);
      assertTrue(bindFailures(os) > before);
      assertEquals(port, os.uri().getPort());
      assertEquals(200, OpenSearchFixtureTest.call("GET", os.uri(), null).statusCode());
    }
  }

  static ServerSocket bind(int port) throws IOException {
    ServerSocket s = new ServerSocket();
    s.bind(new InetSocketAddress("127.0.0.1", port));
    return s;
  }

  /** How many times the server's console says it could not bind its HTTP port. */
  static int bindFailures(OpenSearchFixture os) throws IOException {
    Path console = os.directory().resolve("console.log");
    if (!Files.exists(console)) {
      return 0;
    }
    int n = 0;
    for (String line : Files.readAllLines(console)) {
      if (line.startsWith("BindHttpException[")) {
        n++;
      }
    }
    return n;
  }
}
