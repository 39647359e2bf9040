package dev.brisk.bench;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.brisk.bench.users.User;
import dev.brisk.opensearch.OpenSearchBulkTransport;
import dev.brisk.opensearch.OpenSearchFixture;
import dev.brisk.schema.Codec;
import dev.brisk.schema.Codecs;
import dev.brisk.sink.Sink;
import dev.brisk.sink.SinkMetrics;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.hc.core5.http.HttpHost;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._helpers.bulk.BulkIngester;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5Transport;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

/**
 * Ships the same users documents to a real OpenSearch (the fixture, on this machine) with Brisk's
 * {@link Sink} and {@code OpenSearchBulkTransport}, and with opensearch-java 3.10's {@code
 * BulkIngester} over {@code JacksonJsonpMapper}: batches of 1000 documents, one request in flight,
 * a 100 ms flush interval, the same ids. Measures the wall time until every document is
 * acknowledged and this JVM's CPU time over it (the server is another process, so that is the
 * client's CPU), then checks the index holds every document once.
 *
 * <p>Not JMH: the work is a stream against a server, measured whole. Each client first ships a
 * warm-up round, unmeasured, into a separate index (by default as many documents as a round: a
 * profiled run with 100 000 to warm up and a round of 300 000 had C2's threads in 38 % of the
 * process's CPU samples, and their CPU counts as the client's); then the rounds alternate, so
 * that neither always runs on a fresher server.
 *
 * <pre>
 * mvn -q -B -DskipTests install &amp;&amp; java -Xmx2g -cp brisk-bench/target/benchmarks.jar dev.brisk.bench.BulkShipComparison 1000000 3
 * </pre>
 *
 * <p>Arguments: documents per round (default 1 000 000), rounds (3), warm-up documents per client
 * (as many as a round).
 */
public final class BulkShipComparison {
  private BulkShipComparison() {}

  /** Jackson must not write {@code _id} into the document: OpenSearch refuses it there. */
  @JsonIgnoreProperties({"_id"})
  abstract static class WithoutId {}

  /** A pool of distinct users, and documents made of them with distinct ids. */
  static final class Docs {
    final List<User> pool;

    Docs() {
      Codec<dev.brisk.bench.users.Users> codec = Codecs.get(dev.brisk.bench.users.Users.class);
      pool = codec.read(Users.document(2026, 4 << 20)).users;
    }

    User get(int i) {
      User p = pool.get(i % pool.size());
      User u = new User();
      u._id = "u-" + i;
      u.index = i;
      u.guid = p.guid;
      u.isActive = p.isActive;
      u.balance = p.balance;
      u.picture = p.picture;
      u.age = p.age;
      u.eyeColor = p.eyeColor;
      u.name = p.name;
      u.gender = p.gender;
      u.company = p.company;
      u.email = p.email;
      u.phone = p.phone;
      u.address = p.address;
      u.about = p.about;
      u.registered = p.registered;
      u.latitude = p.latitude;
      u.longitude = p.longitude;
      u.tags = p.tags;
      u.friends = p.friends;
      u.greeting = p.greeting;
      u.favoriteFruit = p.favoriteFruit;
      return u;
    }
  }

  record Run(String client, int docs, double seconds, double cpuSeconds) {
    double docsPerSecond() {
      return docs / seconds;
    }

    double cpuPerMillion() {
      return cpuSeconds * 1e6 / docs;
    }
  }

  static long cpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
  }

  static Run brisk(URI node, String index, Docs docs, int n) throws Exception {
    Codec<User> codec = Codecs.get(User.class);
    long cpu0 = cpuNanos();
    long t0 = System.nanoTime();
    Sink<User> sink = Sink.<User>builder()
        .serializer(codec::write)
        .transport(OpenSearchBulkTransport.builder(index, node).idField("_id").build())
        .maxBatchEvents(1000)
        .maxBatchBytes(64 << 20)
        .linger(Duration.ofMillis(100))
        .build();
    for (int i = 0; i < n; i++) {
      sink.put(docs.get(i));
    }
    SinkMetrics m = sink.close(Duration.ofMinutes(10));
    double seconds = (System.nanoTime() - t0) / 1e9;
    double cpu = (cpuNanos() - cpu0) / 1e9;
    if (m.delivered() != n) {
      throw new IllegalStateException("brisk delivered " + m.delivered() + " of " + n + ": " + m);
    }
    return new Run("brisk", n, seconds, cpu);
  }

  static Run ingester(OpenSearchClient client, String index, Docs docs, int n) throws Exception {
    long cpu0 = cpuNanos();
    long t0 = System.nanoTime();
    BulkIngester<Void> ingester = BulkIngester.of(b -> b.client(client)
        .maxOperations(1000)
        .maxSize(64L << 20)
        .maxConcurrentRequests(1)
        .flushInterval(100, TimeUnit.MILLISECONDS));
    for (int i = 0; i < n; i++) {
      User u = docs.get(i);
      ingester.add(op -> op.index(x -> x.index(index).id(u._id).document(u)));
    }
    ingester.close(); // flushes and waits for the requests in flight
    double seconds = (System.nanoTime() - t0) / 1e9;
    double cpu = (cpuNanos() - cpu0) / 1e9;
    return new Run("BulkIngester", n, seconds, cpu);
  }

  static long count(URI node, String index) throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    http.send(HttpRequest.newBuilder(node.resolve("/" + index + "/_refresh")).POST(HttpRequest.BodyPublishers.noBody()).build(),
        HttpResponse.BodyHandlers.discarding());
    String body = http.send(HttpRequest.newBuilder(node.resolve("/" + index + "/_count")).build(),
        HttpResponse.BodyHandlers.ofString()).body();
    return ((dev.brisk.json.JsonObject) dev.brisk.json.Json.parse(body)).getNumber("count").longValue();
  }

  static void delete(URI node, String index) throws Exception {
    HttpClient.newHttpClient().send(HttpRequest.newBuilder(node.resolve("/" + index)).DELETE().build(),
        HttpResponse.BodyHandlers.discarding());
  }

  public static void main(String[] args) throws Exception {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    int warmup = args.length > 2 ? Integer.parseInt(args[2]) : n;
    Docs docs = new Docs();
    try (OpenSearchFixture os = OpenSearchFixture.builder().heap("2g").build()) {
      os.start();
      URI node = os.uri();
      ObjectMapper mapper = new ObjectMapper().addMixIn(User.class, WithoutId.class);
      ApacheHttpClient5Transport transport = ApacheHttpClient5TransportBuilder
          .builder(new HttpHost("http", node.getHost(), node.getPort()))
          .setMapper(new JacksonJsonpMapper(mapper))
          .build();
      OpenSearchClient client = new OpenSearchClient(transport);
      System.out.printf(Locale.ROOT, "OpenSearch at %s; %,d users documents per round, %d rounds, %,d to warm up; JDK %s%n",
          node, n, rounds, warmup, System.getProperty("java.version"));
      System.out.println("| round | client | docs/s | wall s | client CPU s | CPU s per million docs | documents in the index |");
      System.out.println("|---|---|---:|---:|---:|---:|---:|");
      for (Run run : new Run[] {brisk(node, "warm-brisk", docs, warmup), ingester(client, "warm-ingester", docs, warmup)}) {
        System.out.printf(Locale.ROOT, "| warm-up, not counted | %s | %,.0f | %.1f | %.1f | %.1f | |%n",
            run.client(), run.docsPerSecond(), run.seconds(), run.cpuSeconds(), run.cpuPerMillion());
      }
      delete(node, "warm-brisk");
      delete(node, "warm-ingester");
      for (int r = 1; r <= rounds; r++) {
        for (int k = 0; k < 2; k++) {
          boolean briskFirst = r % 2 == 1;
          boolean runBrisk = (k == 0) == briskFirst;
          String index = (runBrisk ? "brisk-" : "ingester-") + r;
          Run run = runBrisk ? brisk(node, index, docs, n) : ingester(client, index, docs, n);
          long found = count(node, index);
          System.out.printf(Locale.ROOT, "| %d | %s | %,.0f | %.1f | %.1f | %.1f | %,d |%n",
              r, run.client(), run.docsPerSecond(), run.seconds(), run.cpuSeconds(), run.cpuPerMillion(), found);
          delete(node, index);
        }
      }
      transport.close();
    }
  }
}
