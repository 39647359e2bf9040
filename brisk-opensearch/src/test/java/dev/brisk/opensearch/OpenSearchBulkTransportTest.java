package dev.brisk.opensearch;

import static dev.brisk.opensearch.SharedOpenSearch.call;
import static dev.brisk.opensearch.SharedOpenSearch.count;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brisk.json.Json;
import dev.brisk.json.JsonObject;
import dev.brisk.json.JsonWriter;
import dev.brisk.sink.Batch;
import dev.brisk.sink.EventSerializer;
import dev.brisk.sink.NdjsonFileTransport;
import dev.brisk.sink.Outcome;
import dev.brisk.sink.RetryPolicy;
import dev.brisk.sink.Sink;
import dev.brisk.sink.SinkMetrics;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The _bulk transport against a real OpenSearch (the fixture), through a real Sink. */
@ExtendWith(SharedOpenSearch.class)
class OpenSearchBulkTransportTest {
  @TempDir Path dir;

  /** An event: {"uid":"u-<i>","n":<i>,"name":"user <i>","tags":[...]}. */
  record Doc(int i) {}

  static void write(Doc d, JsonWriter w) {
    w.beginObject().name("uid").value("u-" + d.i()).name("n").value(d.i()).name("name").value("user " + d.i())
        .name("tags").beginArray().value("a").value("b").endArray().endObject();
  }

  static Sink.Builder<Doc> sink(OpenSearchBulkTransport t) {
    return sink(t, OpenSearchBulkTransportTest::write);
  }

  /** A sink to {@code t} writing its events with {@code serializer}: batches of 1000, retried. */
  static <T> Sink.Builder<T> sink(OpenSearchBulkTransport t, EventSerializer<? super T> serializer) {
    return Sink.<T>builder().serializer(serializer).transport(t).maxBatchEvents(1000)
        .retry(RetryPolicy.exponential(Duration.ofMillis(50), Duration.ofSeconds(2)));
  }

  @Test
  void shipsEveryDocumentOnceWithItsIdFromAField(OpenSearchFixture os) throws Exception {
    int docs = Integer.getInteger("brisk.opensearch.docs", 100_000);
    OpenSearchBulkTransport t = OpenSearchBulkTransport.builder("ship-all", os.uri()).idField("uid").build();
    SinkMetrics m;
    try (Sink<Doc> sink = sink(t).build()) {
      for (int i = 0; i < docs; i++) {
        sink.put(new Doc(i));
      }
      sink.flush();
      m = sink.metrics();
    }
    assertEquals(docs, m.delivered(), m.toString());
    assertEquals(docs, count(os.uri(), "ship-all"), "every _id once");
    for (int i : new int[] {0, docs / 2, docs - 1}) {
      JsonObject got = (JsonObject) Json.parse(call("GET", os.uri().resolve("/ship-all/_doc/u-" + i), null).body());
      assertEquals(i, got.getObject("_source").getNumber("n").intValue());
    }
  }

  /**
   * Issue 5's million: users documents of the seed-002 shape (../shared/seeds/002: every field of
   * its {@code User} schema, tags and friends), each with its own {@code _id} member, through a
   * sink into the real server; the index then holds each id once and the documents as written.
   * {@code -Dbrisk.opensearch.users=N} ships another number (the default is the issue's).
   */
  @Test
  void shipsAMillionUsersDocumentsEachIdOnce(OpenSearchFixture os) throws Exception {
    int users = Integer.getInteger("brisk.opensearch.users", 1_000_000);
    OpenSearchBulkTransport t = OpenSearchBulkTransport.builder("users-million", os.uri()).idField("_id").build();
    SinkMetrics m;
    try (Sink<Integer> sink = OpenSearchBulkTransportTest.<Integer>sink(t, (i, w) -> writeUser(i, w, true)).build()) {
      for (int i = 0; i < users; i++) {
        sink.put(i);
      }
      sink.flush();
      m = sink.metrics();
    }
    assertEquals(users, m.delivered(), m.toString());
    assertEquals(0, m.deadLettered() + m.failed(), m.toString());
    assertEquals(users, count(os.uri(), "users-million"), "every _id once");
    for (int i : new int[] {0, 1, users / 3, users - 1}) {
      JsonObject got = (JsonObject) Json.parse(call("GET", os.uri().resolve("/users-million/_doc/user-" + i), null).body());
      assertEquals(Json.parse(JsonWriter.toBytes(w -> writeUser(i, w, false))), got.get("_source"), "user-" + i);
    }
  }

  private static final String[] FIRST = {"Ada", "Bo", "Chidi", "Dana", "Emeka", "Frida", "Goran", "Hana"};
  private static final String[] LAST = {"Lovelace", "Nakamura", "Okafor", "Silva", "Novak", "Kowalski"};
  private static final String[] WORDS = {"sunt", "culpa", "officia", "deserunt", "mollit", "anim", "laborum",
      "dolor", "magna", "aliqua", "veniam", "nostrud", "ullamco"};

  /** User {@code i} of the seed-002 shape, about 800 bytes; with its {@code _id} member or without. */
  static void writeUser(int i, JsonWriter w, boolean withId) {
    SplittableRandom r = new SplittableRandom(i);
    String name = FIRST[r.nextInt(FIRST.length)] + " " + LAST[r.nextInt(LAST.length)];
    w.beginObject();
    if (withId) {
      w.name("_id").value("user-" + i);
    }
    w.name("index").value(i).name("guid").value(new UUID(r.nextLong(), r.nextLong()).toString())
        .name("isActive").value(r.nextBoolean() ? "true" : "false")
        .name("balance").value("$" + r.nextInt(1000, 4000) + "." + r.nextInt(10, 100))
        .name("picture").value("http://placehold.it/32x32").name("age").value(r.nextInt(20, 70))
        .name("eyeColor").value(r.nextBoolean() ? "brown" : "blue").name("name").value(name)
        .name("gender").value(r.nextBoolean() ? "female" : "male").name("company").value("ACME " + r.nextInt(500))
        .name("email").value("user" + i + "@example.com")
        .name("phone").value("+1 (" + r.nextInt(800, 1000) + ") " + r.nextInt(100, 1000) + "-" + r.nextInt(1000, 10000))
        .name("address").value(r.nextInt(100, 1000) + " Main Street, Springfield, Ohio, " + r.nextInt(1000, 10000));
    StringBuilder about = new StringBuilder();
    for (int k = 0; k < 30; k++) {
      about.append(k == 0 ? "" : " ").append(WORDS[r.nextInt(WORDS.length)]);
    }
    w.name("about").value(about.append('.').toString())
        .name("registered").value("2014-0" + r.nextInt(1, 10) + "-1" + r.nextInt(10) + "T0" + r.nextInt(10) + ":12:47-02:00")
        .name("latitude").value(r.nextDouble() * 180 - 90).name("longitude").value(r.nextDouble() * 360 - 180)
        .name("tags").beginArray();
    for (int k = 0; k < 5; k++) {
      w.value(WORDS[r.nextInt(WORDS.length)]);
    }
    w.endArray().name("friends").beginArray();
    for (int k = 0; k < 3; k++) {
      w.beginObject().name("id").value(String.valueOf(k))
          .name("name").value(FIRST[r.nextInt(FIRST.length)] + " " + LAST[r.nextInt(LAST.length)]).endObject();
    }
    w.endArray().name("greeting").value("Hello, " + name + "! You have " + r.nextInt(10) + " unread messages.")
        .name("favoriteFruit").value(r.nextBoolean() ? "apple" : "banana").endObject();
  }

  @Test
  void derivedIdsMakeARepeatedBatchOneSetOfDocuments(OpenSearchFixture os) throws Exception {
    try (OpenSearchBulkTransport t = OpenSearchBulkTransport.builder("derived", os.uri()).build()) {
      Batch b = Batch.of("{\"a\":1}", "{\"a\":2}", "{\"a\":3}");
      assertEquals(Outcome.delivered(), t.send(b));
      assertEquals(Outcome.delivered(), t.send(b)); // a retry after a lost answer
    }
    assertEquals(3, count(os.uri(), "derived"));
  }

  @Test
  void createCountsAConflictWithAnEarlierAttemptAsDelivered(OpenSearchFixture os) throws Exception {
    try (OpenSearchBulkTransport t = OpenSearchBulkTransport.builder("created", os.uri())
        .action(OpenSearchBulkTransport.Action.CREATE).idField("uid").build()) {
      assertTrue(t.send(Batch.of("{\"uid\":\"x\",\"v\":1}")).allDelivered());
      assertTrue(t.send(Batch.of("{\"uid\":\"x\",\"v\":1}", "{\"uid\":\"y\",\"v\":2}")).allDelivered());
    }
    assertEquals(2, count(os.uri(), "created"));
  }

  @Test
  void documentsTheMappingRejectsGoToTheDeadLettersWithTheReasonAndOnlyThey(OpenSearchFixture os) throws Exception {
    assertEquals(200, call("PUT", os.uri().resolve("/strict"), "{\"mappings\":{\"properties\":{\"n\":{\"type\":\"long\"}}}}").statusCode());
    Path dead = dir.resolve("dead.ndjson");
    OpenSearchBulkTransport t = OpenSearchBulkTransport.builder("strict", os.uri()).idField("uid").build();
    try (Sink<Integer> sink = Sink.<Integer>builder()
        .serializer((i, w) -> {
          w.beginObject().name("uid").value("d" + i);
          if (i % 7 == 3) {
            w.name("n").value("not a number " + i);
          } else {
            w.name("n").value(i);
          }
          w.endObject();
        })
        .transport(t).deadLetters(NdjsonFileTransport.singleFile(dead)).build()) {
      for (int i = 0; i < 700; i++) {
        sink.put(i);
      }
    }
    assertEquals(600, count(os.uri(), "strict"));
    List<String> records = Files.readAllLines(dead);
    assertEquals(100, records.size());
    Set<String> ids = new HashSet<>();
    for (String line : records) {
      JsonObject rec = (JsonObject) Json.parse(line);
      String error = rec.getString("error");
      assertTrue(error.startsWith("status 400 document_parsing_exception") || error.startsWith("status 400 mapper_parsing_exception"), error);
      assertTrue(error.contains("[n]"), error);
      String uid = rec.getObject("event").getString("uid");
      assertEquals(3, Integer.parseInt(uid.substring(1)) % 7, uid);
      ids.add(uid);
    }
    assertEquals(100, ids.size());
  }

  @Test
  void anEventWithoutItsIdFieldIsRejectedAndTheOthersDelivered(OpenSearchFixture os) throws Exception {
    try (OpenSearchBulkTransport t = OpenSearchBulkTransport.builder("ids", os.uri()).idField("uid").build()) {
      Outcome o = t.send(Batch.of("{\"uid\":\"a\"}", "{\"other\":1}", "{\"uid\":7}", "{\"uid\":{\"x\":1}}"));
      assertEquals(2, o.deliveredCount(4), o.toString());
      assertEquals(2, o.rejectedCount(4), o.toString());
    }
    assertEquals(2, count(os.uri(), "ids"));
  }

  @Test
  void anUnderscoreIdMemberBecomesTheIdAndLeavesTheDocument(OpenSearchFixture os) throws Exception {
    try (OpenSearchBulkTransport t = OpenSearchBulkTransport.builder("underscore", os.uri()).idField("_id").build()) {
      Outcome o = t.send(Batch.of(
          "{\"_id\":\"first\",\"a\":1}", "{\"a\":2, \"_id\" : \"last\" }", "{\"a\":3,\"_id\":4,\"b\":5}", "{\"_id\":\"only\"}"));
      assertTrue(o.allDelivered(), o + ": " + o.reason(0) + " / " + o.reason(1) + " / " + o.reason(2) + " / " + o.reason(3));
    }
    assertEquals(4, count(os.uri(), "underscore"));
    String[][] expect = {{"first", "{\"a\":1}"}, {"last", "{\"a\":2}"}, {"4", "{\"a\":3,\"b\":5}"}, {"only", "{}"}};
    for (String[] e : expect) {
      JsonObject got = (JsonObject) Json.parse(call("GET", os.uri().resolve("/underscore/_doc/" + e[0]), null).body());
      assertEquals(Json.parse(e[1]), got.get("_source"), e[0]);
    }
  }

  @Test
  void anUnreachableNodeIsSkippedForTheNext(OpenSearchFixture os) throws Exception {
    URI dead = URI.create("http://127.0.0.1:1");
    try (OpenSearchBulkTransport t = OpenSearchBulkTransport.builder("failover", dead, os.uri()).build()) {
      assertTrue(t.send(Batch.of("{\"a\":1}")).allDelivered());
      assertTrue(t.send(Batch.of("{\"a\":2}")).allDelivered());
      assertEquals(3, t.requests(), "one refused connection, then the live node twice");
    }
    assertEquals(2, count(os.uri(), "failover"));
  }

  @Test
  void aServerKilledMidStreamAndRestartedLosesNothing(OpenSearchFixture os) throws Exception {
    int docs = 60_000;
    OpenSearchBulkTransport t = OpenSearchBulkTransport.builder("crash", os.uri()).idField("uid")
        .connectTimeout(Duration.ofSeconds(2)).timeout(Duration.ofSeconds(20)).build();
    AtomicReference<Throwable> failed = new AtomicReference<>();
    Sink<Doc> sink = sink(t).maxBatchEvents(500).build();
    Thread producer = new Thread(() -> {
      try {
        for (int i = 0; i < docs; i++) {
          sink.put(new Doc(i));
        }
      } catch (Throwable e) {
        failed.set(e);
      }
    });
    producer.start();
    while (sink.metrics().delivered() < docs / 4) {
      Thread.sleep(10);
    }
    os.kill(); // SIGKILL mid-stream
    long atKill = sink.metrics().delivered();
    while (sink.metrics().retried() == 0) {
      Thread.sleep(10); // the sink has met the dead server
    }
    os.start();
    producer.join();
    SinkMetrics m = sink.close(Duration.ofMinutes(3));
    assertEquals(null, failed.get());
    assertTrue(atKill < docs, "killed mid-stream");
    assertEquals(docs, m.delivered(), m.toString());
    assertEquals(0, m.deadLettered() + m.failed());
    assertEquals(docs, count(os.uri(), "crash"), "every document, once");
  }
}
