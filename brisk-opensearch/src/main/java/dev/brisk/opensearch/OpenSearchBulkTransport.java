package dev.brisk.opensearch;

import dev.brisk.json.JsonException;
import dev.brisk.json.JsonReader;
import dev.brisk.json.JsonToken;
import dev.brisk.json.JsonWriter;
import dev.brisk.sink.Batch;
import dev.brisk.sink.HttpTransportBuilder;
import dev.brisk.sink.Outcome;
import dev.brisk.sink.Transport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.zip.GZIPOutputStream;

/**
 * Delivers a sink's batches to OpenSearch's {@code _bulk} API: one request per batch, an action
 * line before each event, and the answer read item by item with the core reader.
 *
 * <p>Document ids make retries safe. By default an event's {@code _id} is derived from its bytes
 * (SHA-256, 22 base64url characters), so an event sent twice is one document; {@link
 * Builder#idField} takes it from a top-level member of the event instead, and {@link
 * Builder#autoIds} leaves it to OpenSearch (then a batch retried after a lost answer may index
 * events twice).
 *
 * <p>What an answer means, per item: 2xx delivered; 409 with the {@code create} action delivered
 * (the document is there already, from an earlier attempt); 429 and 5xx retried (only those items
 * are sent again); any other status (a mapping conflict's 400, say) rejected with the status, the
 * error type and reason, which the sink puts in its dead letters. For the whole request: 413
 * splits the batch in halves; 408, 429, 5xx, timeouts and connection errors retry it; other 4xx
 * reject it. With several node URLs a node that cannot be reached is skipped for the next.
 *
 * <p>Not thread-safe: a sink calls it from its writer thread only.
 */
public final class OpenSearchBulkTransport implements Transport {
  /** The bulk action per event. */
  public enum Action {
    /** Creates or replaces the document. */
    INDEX,
    /** Creates the document; one that exists already (409) counts as delivered. */
    CREATE
  }

  /**
   * The longest {@code _bulk} answer read, 64 MiB. With the transport's {@code filter_path} an
   * answer takes about 30 bytes per event, and some hundreds for one that failed.
   */
  static final int MAX_ANSWER_BYTES = 64 << 20;

  /**
   * The answer carries only what is read: whether anything failed and each item's status and
   * error, not the index, id, version and shard counts of every item (a sixth of the bytes).
   */
  private static final String BULK_PATH = "/_bulk?filter_path=errors,items.*.status,items.*.error";

  private final List<URI> nodes;
  private final String index;
  private final Action action;
  private final byte[] idField; // null: derived or auto
  /** Whether the id member is taken out of the document (OpenSearch refuses metadata fields like _id in it). */
  private final boolean stripIdField;
  /** The bytes of the last event's id member to leave out of its document, absolute in its buffer; -1: none. */
  private int cutFrom = -1;
  private int cutTo = -1;
  private final boolean derivedIds;
  private final boolean gzip;
  private final Duration timeout;
  private final HttpClient client;
  private final List<String> headers;

  private final Body body = new Body();
  private final JsonWriter actionLine = JsonWriter.create();
  private final MessageDigest sha256;
  private int current;
  private long requests;

  private OpenSearchBulkTransport(Builder b) {
    this.nodes = List.copyOf(b.nodes);
    this.index = b.index;
    this.action = b.action;
    this.idField = b.idField == null ? null : b.idField.getBytes(StandardCharsets.UTF_8);
    this.derivedIds = b.idField == null && !b.autoIds;
    this.stripIdField = b.idField != null && b.idField.startsWith("_");
    this.gzip = b.gzip;
    this.timeout = b.answerTimeout();
    this.client = b.httpClient();
    this.headers = b.headerList();
    try {
      this.sha256 = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  /**
   * A builder for bulk requests to {@code index} on the given nodes ({@code http://host:9200},
   * tried in turn when one cannot be reached).
   */
  public static Builder builder(String index, URI... nodes) {
    return new Builder(index, List.of(nodes));
  }

  @Override
  public Outcome send(Batch batch) throws IOException {
    int n = batch.size();
    // Events whose id cannot be found are rejected here and left out of the request.
    String[] rejected = null;
    int[] sent = new int[n];
    int sentN = 0;
    body.reset();
    for (int i = 0; i < n; i++) {
      String id;
      try {
        id = id(batch, i);
      } catch (JsonException e) {
        if (rejected == null) {
          rejected = new String[n];
        }
        rejected[i] = e.getMessage();
        continue;
      }
      writeAction(id);
      writeEvent(batch, i);
      sent[sentN++] = i;
    }
    if (sentN == 0) {
      return rejectedOnly(n, rejected);
    }
    Batch part = sentN == n ? batch : batch.select(sent, sentN);
    Outcome out = post(part, sentN == n);
    if (rejected == null) {
      return out;
    }
    Outcome.Builder all = Outcome.builder(n);
    for (int i = 0; i < n; i++) {
      if (rejected[i] != null) {
        all.reject(i, rejected[i]);
      }
    }
    return all.mergeAt(sent, sentN, out).build();
  }

  private static Outcome rejectedOnly(int n, String[] reasons) {
    Outcome.Builder b = Outcome.builder(n);
    for (int i = 0; i < n; i++) {
      b.reject(i, reasons[i]);
    }
    return b.build();
  }

  /** Builds the body for {@code part} (already in {@link #body} when {@code bodyReady}) and posts it. */
  private Outcome post(Batch part, boolean bodyReady) throws IOException {
    if (!bodyReady) {
      body.reset();
      for (int i = 0; i < part.size(); i++) {
        writeAction(id(part, i));
        writeEvent(part, i);
      }
    }
    byte[] payload;
    int length;
    if (gzip) {
      ByteArrayOutputStream z = new ByteArrayOutputStream(body.size() / 4 + 64);
      try (GZIPOutputStream g = new GZIPOutputStream(z, 8192)) {
        g.write(body.bytes(), 0, body.size());
      }
      payload = z.toByteArray();
      length = payload.length;
    } else {
      payload = body.bytes();
      length = body.size();
    }
    HttpResponse<byte[]> response = exchange(payload, length);
    int status = response.statusCode();
    if (status == 200) {
      if (response.body().length > MAX_ANSWER_BYTES) { // whether it indexed, and what: unknown
        throw new IOException("the _bulk answer from " + nodes.get(current) + " is longer than "
            + MAX_ANSWER_BYTES + " bytes: not read");
      }
      return items(part, response.body());
    }
    if (status == 413) {
      return split(part);
    }
    return HttpTransportBuilder.failure(
        response, "HTTP " + status + " from " + nodes.get(current) + "/_bulk" + HttpTransportBuilder.answerStart(response.body()));
  }

  private Outcome split(Batch part) throws IOException {
    int n = part.size();
    if (n == 1) {
      return Outcome.rejected("HTTP 413 from " + nodes.get(current) + "/_bulk: this single event of "
          + part.length(0) + " bytes is larger than http.max_content_length");
    }
    int half = n / 2;
    Outcome first = post(part.slice(0, half), false);
    Outcome second = post(part.slice(half, n), false);
    return Outcome.builder(n).merge(0, half, first).merge(half, n - half, second).build();
  }

  /** Sends to the current node, moving on to the next ones when a node cannot be reached. */
  private HttpResponse<byte[]> exchange(byte[] payload, int length) throws IOException {
    IOException last = null;
    for (int tried = 0; tried < nodes.size(); tried++) {
      URI node = nodes.get(current);
      HttpRequest.Builder rb = HttpRequest.newBuilder(node.resolve(BULK_PATH))
          .timeout(timeout)
          .header("Content-Type", "application/x-ndjson")
          .POST(HttpRequest.BodyPublishers.ofByteArray(payload, 0, length));
      if (gzip) {
        rb.header("Content-Encoding", "gzip");
      }
      for (int i = 0; i < headers.size(); i += 2) {
        rb.header(headers.get(i), headers.get(i + 1));
      }
      try {
        requests++;
        return HttpTransportBuilder.sendWithin(client, rb.build(), HttpTransportBuilder.firstBytes(MAX_ANSWER_BYTES), timeout);
      } catch (HttpTimeoutException e) {
        throw new IOException("no answer from " + node + "/_bulk within " + timeout, e); // it may still index: retry whole
      } catch (IOException e) {
        last = e;
        current = (current + 1) % nodes.size();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while posting to " + node, e);
      }
    }
    throw new IOException("no OpenSearch node reachable (" + nodes + "): " + last, last);
  }

  /** Reads {@code {"took":..,"errors":..,"items":[{"index":{"status":..,"error":{..}}},..]}}. */
  private Outcome items(Batch part, byte[] answer) throws IOException {
    int n = part.size();
    JsonReader r = JsonReader.of(answer);
    try {
      r.expect(JsonToken.BEGIN_OBJECT);
      Outcome.Builder out = null;
      while (r.next() == JsonToken.NAME) {
        String name = r.getName();
        if (name.equals("errors")) {
          if (r.next() == JsonToken.FALSE) {
            return Outcome.delivered(); // every item succeeded: no need to read them
          }
        } else if (name.equals("items")) {
          out = Outcome.builder(n);
          r.expect(JsonToken.BEGIN_ARRAY);
          int i = 0;
          while (r.next() == JsonToken.BEGIN_OBJECT) {
            if (i >= n) {
              throw new IOException("the _bulk answer has more items than the " + n + " events sent");
            }
            item(r, out, i++);
          }
          if (i != n) {
            throw new IOException("the _bulk answer has " + i + " items for " + n + " events");
          }
        } else {
          r.next();
          r.skipChildren();
        }
      }
      if (out == null) {
        throw new IOException("the _bulk answer has no items: " + HttpTransportBuilder.answerStart(answer));
      }
      return out.build();
    } catch (JsonException e) {
      throw new IOException("cannot read the _bulk answer: " + e.getMessage(), e);
    }
  }

  /** One item: {@code {"index": {"_id":..,"status":..,"error":{"type":..,"reason":..}}}}. */
  private void item(JsonReader r, Outcome.Builder out, int i) {
    r.expect(JsonToken.NAME); // the action
    r.expect(JsonToken.BEGIN_OBJECT);
    int status = 0;
    String type = null;
    String reason = null;
    while (r.next() == JsonToken.NAME) {
      String name = r.getName();
      if (name.equals("status")) {
        r.next();
        status = r.getInt();
      } else if (name.equals("error") && r.next() == JsonToken.BEGIN_OBJECT) {
        while (r.next() == JsonToken.NAME) {
          String e = r.getName();
          JsonToken t = r.next();
          if (e.equals("type") && t == JsonToken.STRING) {
            type = r.getString();
          } else if (e.equals("reason") && t == JsonToken.STRING) {
            reason = r.getString();
          } else {
            r.skipChildren();
          }
        }
      } else {
        if (!name.equals("error")) {
          r.next();
        }
        r.skipChildren();
      }
    }
    r.expect(JsonToken.END_OBJECT);
    if (status >= 200 && status < 300 || (status == 409 && action == Action.CREATE)) {
      return;
    }
    String why = "status " + status + (type == null ? "" : " " + type) + (reason == null ? "" : ": " + reason);
    if (status == 429 || status >= 500) {
      out.retry(i, why);
    } else {
      out.reject(i, why);
    }
  }

  /** The event as its document: without its id member when that is a metadata field. */
  private void writeEvent(Batch b, int i) {
    int start = b.start(i);
    int end = start + b.length(i);
    if (cutFrom >= 0) {
      body.write(b.buffer(), start, cutFrom - start);
      body.write(b.buffer(), cutTo, end - cutTo);
    } else {
      body.write(b.buffer(), start, end - start);
    }
    body.write('\n');
  }

  private void writeAction(String id) {
    JsonWriter w = actionLine;
    w.reset();
    w.beginObject().name(action == Action.CREATE ? "create" : "index").beginObject();
    w.name("_index").value(index);
    if (id != null) {
      w.name("_id").value(id);
    }
    w.endObject().endObject();
    body.write(w.buffer(), 0, (int) w.size());
    body.write('\n');
  }

  /** The event's {@code _id}: from its member, from its bytes, or none. */
  private String id(Batch b, int i) {
    cutFrom = -1;
    cutTo = -1;
    if (idField != null) {
      return idFromField(b.buffer(), b.start(i), b.length(i));
    }
    if (!derivedIds) {
      return null;
    }
    sha256.update(b.buffer(), b.start(i), b.length(i));
    byte[] h = sha256.digest();
    return Base64.getUrlEncoder().withoutPadding().encodeToString(java.util.Arrays.copyOf(h, 16));
  }

  private String idFromField(byte[] buf, int off, int len) {
    JsonReader r = JsonReader.of(buf, off, len);
    if (r.next() != JsonToken.BEGIN_OBJECT) {
      throw r.error("an event must be an object to take its _id from member '" + field() + "'");
    }
    while (r.next() == JsonToken.NAME) {
      if (r.nameEquals(idField)) {
        int nameAt = off + (int) r.tokenOffset() - 1; // the opening quote
        JsonToken t = r.next();
        String id;
        if (t == JsonToken.STRING) {
          id = r.getString();
          if (id.isEmpty() || id.length() > 512) {
            throw r.error("the _id member '" + field() + "' must be 1 to 512 characters");
          }
        } else if (t == JsonToken.NUMBER && r.isIntegral()) {
          id = r.getNumberText();
        } else {
          throw r.error("the _id member '" + field() + "' must be a string or an integer");
        }
        if (stripIdField) {
          // The value ends after the token's raw bytes (and a string's closing quote).
          int valueEnd = off + (int) r.tokenOffset() + r.rawLength() + (t == JsonToken.STRING ? 1 : 0);
          cut(buf, off, off + len, nameAt, valueEnd);
        }
        return id;
      }
      r.next();
      r.skipChildren();
    }
    throw r.error("the event has no _id member '" + field() + "'");
  }

  /**
   * Marks the member {@code buf[from .. to)} (name to end of value) for leaving out, with the
   * comma that joins it to the next member, or else to the previous one.
   */
  private void cut(byte[] buf, int start, int end, int from, int to) {
    int p = to;
    while (p < end && isSpace(buf[p])) {
      p++;
    }
    if (p < end && buf[p] == ',') {
      cutFrom = from;
      cutTo = p + 1;
      return;
    }
    int q = from - 1;
    while (q > start && isSpace(buf[q])) {
      q--;
    }
    cutFrom = buf[q] == ',' ? q : from;
    cutTo = to;
  }

  private static boolean isSpace(byte b) {
    return b == ' ' || b == '\t' || b == '\n' || b == '\r';
  }

  private String field() {
    return new String(idField, StandardCharsets.UTF_8);
  }

  /** Requests made, retries and splits included. */
  public long requests() {
    return requests;
  }

  @Override
  public String describe() {
    return nodes.get(0) + "/" + index + (nodes.size() > 1 ? " (+" + (nodes.size() - 1) + " nodes)" : "");
  }

  /** The request body: a byte array output stream whose array is lent to the HTTP client. */
  private static final class Body extends ByteArrayOutputStream {
    Body() {
      super(64 * 1024);
    }

    byte[] bytes() {
      return buf;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      super.write(b, off, len); // not synchronized in spirit: one thread only
    }
  }

  /** Options for bulk requests (the answer timeout defaults to 60 s). Not thread-safe. */
  public static final class Builder extends HttpTransportBuilder<Builder> {
    private final String index;
    private final List<URI> nodes;
    private Action action = Action.INDEX;
    private String idField;
    private boolean autoIds;
    private boolean gzip;

    Builder(String index, List<URI> nodes) {
      super(Duration.ofSeconds(60));
      if (index == null || index.isEmpty() || !index.equals(index.toLowerCase(java.util.Locale.ROOT))
          || index.startsWith("_") || index.startsWith("-") || index.contains("/") || index.contains(",")) {
        throw new IllegalArgumentException("not an OpenSearch index name: '" + index + "' (lower case, no / or ,"
            + " and not starting with _ or -)");
      }
      if (nodes.isEmpty()) {
        throw new IllegalArgumentException("at least one node URL, such as http://localhost:9200");
      }
      for (URI u : nodes) {
        if (!"http".equals(u.getScheme()) && !"https".equals(u.getScheme())) {
          throw new IllegalArgumentException("a node URL is http or https, not " + u);
        }
      }
      this.index = index;
      this.nodes = nodes;
    }

    /** {@code index} (the default) or {@code create}. */
    public Builder action(Action a) {
      this.action = Objects.requireNonNull(a, "action");
      return this;
    }

    /**
     * Takes each event's {@code _id} from this top-level member (a string or an integer). A member
     * whose name starts with an underscore, such as {@code _id} itself, is also taken out of the
     * document, because OpenSearch refuses metadata fields inside one.
     */
    public Builder idField(String name) {
      this.idField = Objects.requireNonNull(name, "name");
      this.autoIds = false;
      return this;
    }

    /** Lets OpenSearch choose ids: a retried batch may then index some events twice. */
    public Builder autoIds() {
      this.autoIds = true;
      this.idField = null;
      return this;
    }

    /** Gzips request bodies (default off). */
    public Builder gzip(boolean on) {
      this.gzip = on;
      return this;
    }

    /** A transport with what was set; the builder may go on and build others. */
    public OpenSearchBulkTransport build() {
      return new OpenSearchBulkTransport(this);
    }
  }
}
