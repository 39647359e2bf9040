package dev.brisk.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brisk.json.Json;
import dev.brisk.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The fixture runs a real server, which keeps acknowledged writes across a SIGKILL. */
@ExtendWith(SharedOpenSearch.class)
class OpenSearchFixtureTest {
  static final HttpClient HTTP = HttpClient.newHttpClient();

  static HttpResponse<String> call(String method, URI uri, String body) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(uri).header("Content-Type", "application/json");
    b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void startsKillsAndRestartsARealServerThatKeepsItsData(OpenSearchFixture os) throws Exception {
    {
      JsonObject info = (JsonObject) Json.parse(call("GET", os.uri(), null).body());
      assertEquals(System.getProperty("brisk.opensearch.version", "3.6.0"), info.getObject("version").getString("number"));
      assertEquals(201, call("PUT", os.uri().resolve("/t/_doc/1?refresh=true"), "{\"a\":1}").statusCode());

      os.kill();
      assertFalse(os.isRunning());
      os.start();
      assertTrue(os.isRunning());
      HttpResponse<String> got = call("GET", os.uri().resolve("/t/_doc/1"), null);
      assertEquals(200, got.statusCode(), got.body());
      assertEquals(Json.parse("{\"a\":1}"), ((JsonObject) Json.parse(got.body())).get("_source"));
    }
  }
}
