package dev.brisk.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brisk.jsonp.BriskJsonProvider;
import dev.brisk.opensearch.model.Person;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.opensearch.client.json.JsonpMapper;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.FieldValue;
import org.opensearch.client.opensearch._types.SortOrder;
import org.opensearch.client.opensearch._types.aggregations.StringTermsBucket;
import org.opensearch.client.opensearch.core.BulkRequest;
import org.opensearch.client.opensearch.core.BulkResponse;
import org.opensearch.client.opensearch.core.GetResponse;
import org.opensearch.client.opensearch.core.SearchResponse;
import org.opensearch.client.opensearch.core.search.Hit;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5Transport;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

/**
 * The opensearch-java client against the real server, once with {@link JacksonJsonpMapper} and
 * once with {@link BriskJsonpMapper}: index, get, search with aggregations, and page through every
 * hit with search_after; what comes back equals what was sent, and both mappers agree.
 */
@ExtendWith(SharedOpenSearch.class)
class ClientMappersTest {
  static final int PEOPLE = 1200;
  static final String[] TAGS = {"red", "green", "blue", "ünïcødé", "quote\"d", "new\nline"};

  static List<Person> people() {
    SplittableRandom r = new SplittableRandom(42);
    List<Person> out = new ArrayList<>();
    for (int i = 0; i < PEOPLE; i++) {
      Person p = new Person();
      p.uid = String.format("p%05d", i);
      p.name = "Person " + i + (i % 7 == 0 ? " \u00e9\u20ac\ud83d\ude00" : "");
      p.age = 18 + r.nextInt(60);
      p.active = r.nextBoolean();
      p.balance = r.nextDouble(-1000, 1000);
      p.tags = new ArrayList<>();
      for (int t = r.nextInt(4); t > 0; t--) {
        p.tags.add(TAGS[r.nextInt(TAGS.length)]);
      }
      p.friends = new ArrayList<>();
      for (int f = r.nextInt(3); f > 0; f--) {
        Person.Pal pal = new Person.Pal();
        pal.id = Integer.toString(r.nextInt(1000));
        pal.name = "Pal " + r.nextInt(100);
        p.friends.add(pal);
      }
      out.add(p);
    }
    return out;
  }

  /** What one mapper saw, for comparing the two. */
  record Seen(long activeHits, Map<String, Long> tagCounts, double avgAge, List<Person> all) {}

  static Seen exercise(OpenSearchFixture os, JsonpMapper mapper, String index) throws Exception {
    ApacheHttpClient5Transport transport = ApacheHttpClient5TransportBuilder
        .builder(new HttpHost("http", os.uri().getHost(), os.uri().getPort()))
        .setMapper(mapper)
        .build();
    try {
      OpenSearchClient client = new OpenSearchClient(transport);
      List<Person> people = people();
      client.indices().create(c -> c.index(index));
      for (int from = 0; from < PEOPLE; from += 500) {
        BulkRequest.Builder bulk = new BulkRequest.Builder();
        for (Person p : people.subList(from, Math.min(PEOPLE, from + 500))) {
          bulk.operations(op -> op.index(x -> x.index(index).id(p.uid).document(p)));
        }
        BulkResponse r = client.bulk(bulk.build());
        assertFalse(r.errors(), "bulk errors");
      }
      client.indices().refresh(r -> r.index(index));

      GetResponse<Person> got = client.get(g -> g.index(index).id("p00007"), Person.class);
      assertTrue(got.found());
      assertEquals(people.get(7), got.source());

      SearchResponse<Person> search = client.search(s -> s.index(index)
          .query(q -> q.term(t -> t.field("active").value(FieldValue.of(true))))
          .size(5)
          .aggregations("by_tag", a -> a.terms(t -> t.field("tags.keyword").size(20)))
          .aggregations("avg_age", a -> a.avg(v -> v.field("age"))), Person.class);
      long activeHits = search.hits().total().value();
      assertEquals(people.stream().filter(p -> p.active).count(), activeHits);
      for (Hit<Person> h : search.hits().hits()) {
        assertTrue(h.source().active);
        assertEquals(people.get(Integer.parseInt(h.id().substring(1))), h.source());
      }
      Map<String, Long> tagCounts = new TreeMap<>();
      for (StringTermsBucket b : search.aggregations().get("by_tag").sterms().buckets().array()) {
        tagCounts.put(b.key(), b.docCount());
      }
      Map<String, Long> expected = new TreeMap<>();
      for (Person p : people) {
        if (p.active) {
          for (String t : new java.util.HashSet<>(p.tags)) {
            expected.merge(t, 1L, Long::sum);
          }
        }
      }
      assertEquals(expected, tagCounts);
      double avgAge = avgValue(search.aggregations().get("avg_age").avg());

      // Every hit, a page at a time, in uid order.
      List<Person> all = new ArrayList<>();
      List<FieldValue> after = null;
      while (true) {
        List<FieldValue> from = after;
        SearchResponse<Person> page = client.search(s -> {
          s.index(index).size(250).sort(so -> so.field(f -> f.field("uid.keyword").order(SortOrder.Asc)));
          if (from != null) {
            s.searchAfter(from);
          }
          return s;
        }, Person.class);
        List<Hit<Person>> hits = page.hits().hits();
        if (hits.isEmpty()) {
          break;
        }
        for (Hit<Person> h : hits) {
          all.add(h.source());
        }
        after = hits.get(hits.size() - 1).sort();
      }
      assertEquals(people, all, "every document read back equals the one sent");
      return new Seen(activeHits, tagCounts, avgAge, all);
    } finally {
      transport.close();
    }
  }

  /**
   * The average, read by name: {@code value()} returns a {@code Double} in client 3.x and a {@code
   * double} in 2.x, so a direct call compiled against one does not link against the other.
   */
  static double avgValue(Object avgAggregate) throws ReflectiveOperationException {
    return ((Number) avgAggregate.getClass().getMethod("value").invoke(avgAggregate)).doubleValue();
  }

  @Test
  void jacksonAndBriskMappersReadAndWriteTheSameDocumentsAndAgree(OpenSearchFixture os) throws Exception {
    Seen jackson = exercise(os, new JacksonJsonpMapper(), "people-jackson");
    Seen brisk = exercise(os, new BriskJsonpMapper(), "people-brisk");
    assertEquals(jackson, brisk);
  }

  /**
   * The build runs this class twice: with the client it compiles against, and (execution
   * client-2.x) with the 2.x client swapped in at run time. This checks the swap took place.
   */
  @Test
  void theClientOnTheClassPathIsTheVersionThisRunIsFor() throws Exception {
    String expected = System.getProperty("brisk.opensearch.client");
    org.junit.jupiter.api.Assumptions.assumeTrue(expected != null, "run by the build, which names the client version");
    java.nio.file.Path jar = java.nio.file.Path.of(
        OpenSearchClient.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    assertEquals("opensearch-java-" + expected + ".jar", jar.getFileName().toString());
  }

  @Test
  void anObjectThatHoldsItselfIsAnErrorNotAStackOverflow() {
    // The codec writes into the generator's writer, which stops at the provider's maxDepth.
    BriskJsonpMapper m = new BriskJsonpMapper();
    dev.brisk.opensearch.model.Node root = new dev.brisk.opensearch.model.Node();
    root.name = "root";
    root.children.add(root);
    var g = m.jsonProvider().createGenerator(new java.io.StringWriter());
    dev.brisk.json.JsonException e = assertThrows(dev.brisk.json.JsonException.class, () -> m.serialize(root, g));
    assertTrue(e.getMessage().startsWith("nesting deeper than maxDepth (1000)"), e.getMessage());
    assertTrue(e.path().startsWith("$.children[0].children[0]"), e.path());
  }

  @Test
  void theMapperUsesTheBriskProviderAndSaysWhatItCannotMap() {
    BriskJsonpMapper m = new BriskJsonpMapper();
    assertSame(BriskJsonProvider.instance(), m.jsonProvider());
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> m.serialize(new HashMap<String, Object>(), m.jsonProvider().createGenerator(new java.io.StringWriter())));
    assertTrue(e.getMessage().contains("cannot write java.util.HashMap"), e.getMessage());
    assertTrue(e.getMessage().contains("@dev.brisk.schema.JsonCodec"), e.getMessage());
    JsonpMapper withFallback = new BriskJsonpMapper(new JacksonJsonpMapper());
    java.io.StringWriter out = new java.io.StringWriter();
    var g = withFallback.jsonProvider().createGenerator(out);
    withFallback.serialize(Map.of("a", 1), g);
    g.close();
    assertEquals("{\"a\":1}", out.toString());
    JsonpMapper tagged = m.withAttribute("k", "v");
    assertEquals("v", tagged.<String>attribute("k"));
    assertEquals((Object) null, m.<Object>attribute("k"));
    assertEquals("d", m.<String>attribute("missing", "d"));
    assertTrue(m.ignoreUnknownFields());
    assertFalse(m.ignoreUnknownFields(false).ignoreUnknownFields());
  }
}
