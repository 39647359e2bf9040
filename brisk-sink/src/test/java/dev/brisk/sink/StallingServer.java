package dev.brisk.sink;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A JDK HTTP server on 127.0.0.1 that answers every request with 200, a length of 1000 bytes and
 * the first bytes of the body, then sends nothing more until it is closed: an answer that stalls
 * in its body. For the HTTP transports' tests, here and in brisk-opensearch.
 */
public final class StallingServer implements AutoCloseable {
  private final HttpServer server;
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final CountDownLatch end = new CountDownLatch(1);

  public StallingServer(String bodyStart) throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", ex -> {
      ex.getRequestBody().readAllBytes();
      ex.sendResponseHeaders(200, 1000);
      OutputStream body = ex.getResponseBody();
      body.write(bodyStart.getBytes(StandardCharsets.UTF_8));
      body.flush();
      try {
        end.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      ex.close();
    });
    server.setExecutor(threads);
    server.start();
  }

  /** {@code http://127.0.0.1:port}, without a path. */
  public String address() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  public URI uri(String path) {
    return URI.create(address() + path);
  }

  @Override
  public void close() {
    end.countDown();
    server.stop(0);
    threads.shutdownNow();
  }
}
