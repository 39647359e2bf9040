package dev.brisk.opensearch;

import dev.brisk.json.Json;
import dev.brisk.json.JsonObject;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * One OpenSearch per test JVM, given to test methods that take an {@link OpenSearchFixture}
 * parameter ({@code @ExtendWith(SharedOpenSearch.class)}): started on first use (and again if a
 * test killed it), stopped when JUnit closes its root store.
 */
final class SharedOpenSearch implements ExtensionContext.Store.CloseableResource, ParameterResolver {
  @Override
  public boolean supportsParameter(ParameterContext p, ExtensionContext c) {
    return p.getParameter().getType() == OpenSearchFixture.class;
  }

  @Override
  public Object resolveParameter(ParameterContext p, ExtensionContext c) {
    try {
      return get(c);
    } catch (Exception e) {
      throw new org.junit.jupiter.api.extension.ParameterResolutionException("cannot start OpenSearch: " + e.getMessage(), e);
    }
  }

  private static OpenSearchFixture fixture;
  static final HttpClient HTTP = HttpClient.newHttpClient();

  static synchronized OpenSearchFixture get(ExtensionContext context) throws Exception {
    if (fixture == null || !fixture.isRunning()) {
      if (fixture == null) {
        fixture = OpenSearchFixture.builder().build();
        context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).put("brisk-opensearch", new SharedOpenSearch());
      }
      fixture.start();
    }
    return fixture;
  }

  @Override
  public void close() throws IOException {
    synchronized (SharedOpenSearch.class) {
      if (fixture != null) {
        fixture.close();
        fixture = null;
      }
    }
  }

  static HttpResponse<String> call(String method, URI uri, String body) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(uri).header("Content-Type", "application/json");
    b.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
        : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** Refreshes {@code index} and returns its document count. */
  static long count(URI node, String index) throws Exception {
    HttpResponse<String> r = call("POST", node.resolve("/" + index + "/_refresh"), null);
    if (r.statusCode() != 200) {
      throw new IllegalStateException("refresh: " + r.statusCode() + " " + r.body());
    }
    r = call("GET", node.resolve("/" + index + "/_count"), null);
    return ((JsonObject) Json.parse(r.body())).getNumber("count").longValue();
  }
}
