package dev.brisk.orgjson;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.mixpanel.mixpanelapi.ClientDelivery;
import com.mixpanel.mixpanelapi.MessageBuilder;
import com.mixpanel.mixpanelapi.MixpanelAPI;
import com.sun.net.httpserver.HttpServer;
import dev.brisk.json.Json;
import dev.brisk.json.JsonArray;
import dev.brisk.json.JsonValue;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.GZIPInputStream;
import org.json.JSONArray;
import org.json.JSONObject;
import org.junit.jupiter.api.Test;

/**
 * mixpanel-java itself, configured with the Brisk serializer, delivers import batches to a local
 * HTTP receiver set as its import endpoint: every message arrives, in batches whose bodies mean
 * what {@code JSONArray.toString()} of the same messages means.
 */
class BriskMixpanelSerializerTest {
  @Test
  void mixpanelDeliversEveryMessageThroughBrisk() throws Exception {
    for (boolean gzip : new boolean[] {false, true}) {
      List<byte[]> bodies = Collections.synchronizedList(new ArrayList<>());
      HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      server.createContext("/import", ex -> {
        byte[] body = ex.getRequestBody().readAllBytes();
        if ("gzip".equals(ex.getRequestHeaders().getFirst("Content-Encoding"))) {
          try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            body = in.readAllBytes();
          }
        }
        bodies.add(body);
        byte[] ok = "1".getBytes(UTF_8);
        ex.sendResponseHeaders(200, ok.length);
        ex.getResponseBody().write(ok);
        ex.close();
      });
      server.start();
      try {
        String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/import";
        MixpanelAPI api = new MixpanelAPI.Builder()
            .importEndpoint(url)
            .useGzipCompression(gzip)
            .jsonSerializer(new BriskMixpanelSerializer())
            .build();
        MessageBuilder builder = new MessageBuilder("token-123");
        ClientDelivery delivery = new ClientDelivery();
        List<JSONObject> sent = new ArrayList<>();
        SplittableRandom r = new SplittableRandom(5);
        for (int i = 0; i < 2500; i++) {
          JSONObject props = OrgJsonTest.message(r, i).getJSONObject("properties");
          props.put("time", 1_700_000_000_000L + i);
          props.put("$insert_id", "id-" + i);
          JSONObject m = builder.importEvent("user-" + i, "purchase", props);
          delivery.addMessage(m);
          sent.add(m);
        }
        api.deliver(delivery);
        api.close();

        List<JsonValue> received = new ArrayList<>();
        for (byte[] body : bodies) {
          JsonArray batch = Json.parse(body).asArray();
          received.addAll(batch.asList());
        }
        assertEquals(2500, received.size(), "every message arrives");
        // The import payload of each message, as org.json itself would write it.
        List<JsonValue> expected = new ArrayList<>();
        for (JSONObject m : sent) {
          JSONObject message = m.getJSONObject("message");
          expected.add(Json.parse(new JSONArray().put(message).toString()).asArray().get(0));
        }
        assertEquals(expected, received);
      } finally {
        server.stop(0);
      }
    }
  }
}
