package dev.brisk.cli;

import dev.brisk.json.Json;
import dev.brisk.json.JsonReader;
import dev.brisk.json.JsonToken;
import dev.brisk.opensearch.OpenSearchBulkTransport;
import dev.brisk.schema.Codec;
import dev.brisk.schema.JsonRecord;
import dev.brisk.schema.SchemaException;
import dev.brisk.schema.Schemas;
import dev.brisk.sink.EventSerializer;
import dev.brisk.sink.HttpBatchTransport;
import dev.brisk.sink.NdjsonFileTransport;
import dev.brisk.sink.RetryPolicy;
import dev.brisk.sink.Sink;
import dev.brisk.sink.SinkMetrics;
import dev.brisk.sink.Transport;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code brisk ship}: NDJSON events from a file or standard input to a destination through a
 * {@link Sink}, retrying until delivered, with invalid lines reported and dead-lettered.
 */
@Command(
    name = "ship",
    mixinStandardHelpOptions = true,
    description = {
      "Ship NDJSON events (one per line) from FILE, or standard input for '-', to a destination in"
          + " batches, retrying until every event is delivered.",
      "Destinations: file:DIR (NDJSON files rolled by size); http(s)://host:port/INDEX for OpenSearch _bulk"
          + " (several nodes as http://h1:9200,h2:9200/INDEX); batch+http(s)://host:port/path for a"
          + " plain batch endpoint (a POST per batch, the body a JSON array or NDJSON).",
      "Every line is checked (with --schema and --type, read and written by the compiled codec);"
          + " an invalid line is reported as file:line:column: message (at path), goes to the"
          + " dead-letter file, and the rest still ship.",
      "By default a destination that is down is retried (backoff up to 10 s) for up to"
          + " --give-up-after, so a server restarted within minutes loses nothing."
    },
    footer = {"", "Exit codes: 0 all delivered, 1 some lines invalid (the valid ones delivered),"
        + " 2 usage, 3 some events could not be delivered (see the dead-letter file)."})
final class ShipCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE|-", description = "NDJSON events, or '-' for standard input.")
  String input;

  @Option(names = "--to", required = true, paramLabel = "DEST",
      description = "file:DIR, http(s)://host:port/INDEX (OpenSearch) or batch+http(s)://host:port/path.")
  String to;

  @Option(names = "--schema", paramLabel = "FILE", description = "A 'create json schema' text to read events with.")
  Path schema;

  @Option(names = "--type", paramLabel = "NAME", description = "The schema type of every event (with --schema).")
  String type;

  @Option(names = "--lenient", description = "With --schema: accept numbers and booleans written as strings.")
  boolean lenient;

  @Option(names = "--dead-letter", paramLabel = "FILE",
      description = "NDJSON file for invalid lines and undeliverable events, each with the reason.")
  Path deadLetter;

  @Option(names = "--batch-size", defaultValue = "1000", description = "Events per batch (default: ${DEFAULT-VALUE}).")
  int batchSize;

  @Option(names = "--batch-bytes", defaultValue = "4194304", description = "Bytes per batch (default: ${DEFAULT-VALUE}).")
  int batchBytes;

  @Option(names = "--linger", defaultValue = "100ms", paramLabel = "DURATION",
      description = "Longest wait to fill a batch, such as 100ms or 2s (default: ${DEFAULT-VALUE}).")
  String linger;

  @Option(names = "--retries", defaultValue = "forever", paramLabel = "N|forever",
      description = "Attempts per batch before its events are dead-lettered (default: ${DEFAULT-VALUE}, bounded by --give-up-after).")
  String retries;

  @Option(names = "--give-up-after", defaultValue = "15m", paramLabel = "DURATION",
      description = "How long to keep retrying after the input ends, and to wait for room (default: ${DEFAULT-VALUE}).")
  String giveUpAfter;

  @Option(names = "--id-field", paramLabel = "NAME",
      description = "OpenSearch: each event's _id is this top-level member (a member named _id is also taken out of"
          + " the document). Default: an id derived from the event's bytes, so a retry never makes a duplicate"
          + " (and events with the same bytes are one document).")
  String idField;

  @Option(names = "--auto-ids", description = "OpenSearch: let the server choose ids (a retried batch may then index events twice).")
  boolean autoIds;

  @Option(names = "--action", defaultValue = "index", paramLabel = "index|create",
      description = "OpenSearch: the bulk action (default: ${DEFAULT-VALUE}); with create, a document that exists counts as delivered.")
  String action;

  @Option(names = "--gzip", description = "Gzip HTTP bodies.")
  boolean gzip;

  @Option(names = "--format", defaultValue = "array", paramLabel = "array|ndjson",
      description = "The HTTP body: a JSON array or NDJSON (default: ${DEFAULT-VALUE}).")
  String format;

  @Option(names = "--timeout", defaultValue = "30s", paramLabel = "DURATION", description = "HTTP answer timeout (default: ${DEFAULT-VALUE}).")
  String timeout;

  @Option(names = "--max-errors", defaultValue = "20", description = "Invalid lines reported before only counting (default: ${DEFAULT-VALUE}).")
  int maxErrors;

  @Option(names = {"-q", "--quiet"}, description = "No progress lines, only faults and the summary.")
  boolean quiet;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Duration giveUp;
    Duration lingerTime;
    Transport transport;
    Transport dead;
    RetryPolicy retry;
    try {
      NdjsonLines.checkMaxErrors(spec, maxErrors);
      if (batchSize < 1) {
        throw new IllegalArgumentException("--batch-size must be at least 1, not " + batchSize);
      }
      if (batchBytes < 1) {
        throw new IllegalArgumentException("--batch-bytes must be at least 1, not " + batchBytes);
      }
      giveUp = duration("--give-up-after", giveUpAfter);
      lingerTime = duration("--linger", linger);
      if (duration("--timeout", timeout).isZero()) {
        throw new IllegalArgumentException("--timeout must be more than 0");
      }
      transport = destination(to);
      retry = retryPolicy(retries);
      if ((schema == null) != (type == null)) {
        throw new IllegalArgumentException("--schema and --type go together");
      }
      dead = deadLetter == null ? null : Pipeline.shared(NdjsonFileTransport.singleFile(deadLetter));
    } catch (IllegalArgumentException e) {
      err.println("ship: " + e.getMessage());
      return Main.USAGE;
    }
    Path inputPath = Path.of(input);
    String source = Input.label(inputPath);
    long total;
    try {
      if (Files.isDirectory(inputPath)) {
        throw new java.nio.file.FileSystemException(input, null, "is a folder");
      }
      total = Input.size(inputPath);
    } catch (IOException e) {
      throw new Input.Fault(inputPath, "read", e);
    }
    Pipeline.Ticker ticker = new Pipeline.Ticker(err, "ship", total, !quiet && Progress.stderrIsTerminal(),
        quiet ? null : Duration.ofSeconds(10));
    Pipeline.Result r;
    try (InputStream in = Input.open(inputPath)) {
      if (schema != null) {
        Codec<JsonRecord> codec;
        try {
          codec = Schemas.options().lenient(lenient).compile(Input.readString(schema)).codec(type);
        } catch (SchemaException e) {
          err.println(schema + ":" + e.line() + ":" + e.column() + ": " + e.reason());
          return Main.USAGE;
        } catch (IllegalArgumentException e) {
          err.println(schema + ": " + e.getMessage());
          return Main.USAGE;
        }
        Sink<JsonRecord> sink = sink(codec::write, transport, dead, retry, giveUp, lingerTime);
        r = new Pipeline<>(source, (buf, len) -> codec.read(buf, 0, len), sink, dead, err, maxErrors).run(in, giveUp, ticker);
      } else {
        Sink<byte[]> sink = sink(EventSerializer.rawJson(), transport, dead, retry, giveUp, lingerTime);
        r = new Pipeline<>(source, ShipCommand::checked, sink, dead, err, maxErrors).run(in, giveUp, ticker);
      }
    }
    SinkMetrics m = r.metrics;
    out.printf(Locale.ROOT, "shipped %,d of %,d events to %s in %.2f s (%,.0f events/s); %,d batches, %,d retries,"
            + " %,d invalid lines, %,d dead letters, %,d failed%s%n",
        m.delivered(), r.lines, transport.describe(), r.seconds, r.eventsPerSecond(), m.batches(), m.retried(),
        r.invalid, m.deadLettered(), m.failed() + m.pending(),
        deadLetter != null && (r.invalid > 0 || m.deadLettered() > 0) ? "; dead letters in " + deadLetter : "");
    out.flush();
    if (m.failed() > 0 || m.pending() > 0 || m.deadLettered() > 0) {
      return Main.DELIVERY_FAILED;
    }
    return r.invalid > 0 ? Main.BAD_INPUT : Main.OK;
  }

  private static RetryPolicy retryPolicy(String text) {
    if ("forever".equals(text)) {
      return RetryPolicy.defaults();
    }
    try {
      return RetryPolicy.defaults().maxAttempts(Integer.parseInt(text));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--retries takes a number of attempts (1 or more) or 'forever', not '" + text + "'");
    }
  }

  /** A line checked as one JSON value, kept as its bytes. */
  private static byte[] checked(byte[] buf, int len) {
    JsonReader r = Json.DEFAULT.reader(buf, 0, len);
    while (r.next() != JsonToken.END_DOCUMENT) {
      // checked as read
    }
    return Arrays.copyOf(buf, len);
  }

  private <T> Sink<T> sink(EventSerializer<? super T> serializer, Transport transport, Transport dead, RetryPolicy retry,
      Duration giveUp, Duration lingerTime) {
    Sink.Builder<T> b = Sink.<T>builder()
        .serializer(serializer)
        .transport(transport)
        .retry(retry)
        .maxBatchEvents(batchSize)
        .maxBatchBytes(batchBytes)
        .linger(lingerTime)
        .putTimeout(giveUp);
    if (dead != null) {
      b.deadLetters(dead);
    }
    return b.build();
  }

  private Transport destination(String dest) {
    if (dest.startsWith("file:")) {
      String dir = dest.substring("file:".length());
      if (dir.isEmpty()) {
        throw new IllegalArgumentException("--to file:DIR needs a folder, such as file:out/");
      }
      return NdjsonFileTransport.builder(Path.of(dir)).build();
    }
    if (dest.startsWith("batch+http://") || dest.startsWith("batch+https://")) {
      URI uri = URI.create(dest.substring("batch+".length()));
      HttpBatchTransport.Format f = switch (format) {
        case "array" -> HttpBatchTransport.Format.JSON_ARRAY;
        case "ndjson" -> HttpBatchTransport.Format.NDJSON;
        default -> throw new IllegalArgumentException("--format is array or ndjson, not '" + format + "'");
      };
      return HttpBatchTransport.builder(uri).format(f).gzip(gzip).timeout(duration("--timeout", timeout)).build();
    }
    if (dest.startsWith("http://") || dest.startsWith("https://")) {
      return openSearch(dest);
    }
    throw new IllegalArgumentException("--to takes file:DIR, http(s)://host:port/INDEX (OpenSearch) or"
        + " batch+http(s)://host:port/path, not '" + dest + "'");
  }

  /** {@code http://h1:9200,h2:9200/INDEX}: OpenSearch _bulk on one or more nodes. */
  private Transport openSearch(String dest) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(https?)://([^/]+)/([^/?#]+)/?").matcher(dest);
    if (!m.matches()) {
      throw new IllegalArgumentException("an OpenSearch destination is http(s)://host:port/INDEX (hosts comma-separated),"
          + " not '" + dest + "'");
    }
    String scheme = m.group(1);
    java.util.List<URI> nodes = new java.util.ArrayList<>();
    for (String host : m.group(2).split(",")) {
      String h = host.strip();
      if (h.startsWith("http://") || h.startsWith("https://")) {
        nodes.add(URI.create(h));
      } else if (!h.isEmpty()) {
        nodes.add(URI.create(scheme + "://" + h));
      }
    }
    OpenSearchBulkTransport.Builder b = OpenSearchBulkTransport.builder(m.group(3), nodes.toArray(new URI[0]))
        .gzip(gzip)
        .timeout(duration("--timeout", timeout))
        .action(switch (action) {
          case "index" -> OpenSearchBulkTransport.Action.INDEX;
          case "create" -> OpenSearchBulkTransport.Action.CREATE;
          default -> throw new IllegalArgumentException("--action is index or create, not '" + action + "'");
        });
    if (idField != null) {
      b.idField(idField);
    } else if (autoIds) {
      b.autoIds();
    }
    return b.build();
  }

  /** 100ms, 2s, 5m, 1h, or an ISO-8601 duration (PT2S); not negative. */
  static Duration duration(String option, String text) {
    Duration d = parseDuration(text);
    if (d == null) {
      throw new IllegalArgumentException(option + " takes a duration such as 100ms, 30s, 15m or 1h, not '" + text + "'");
    }
    if (d.isNegative()) {
      throw new IllegalArgumentException(option + " cannot be negative, not '" + text + "'");
    }
    return d;
  }

  private static Duration parseDuration(String text) {
    try {
      String t = text.trim().toLowerCase(Locale.ROOT);
      if (t.startsWith("pt") || t.startsWith("-pt")) {
        return Duration.parse(text.trim());
      }
      if (t.endsWith("ms")) {
        return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
      }
      long n = Long.parseLong(t.substring(0, t.length() - 1));
      switch (t.charAt(t.length() - 1)) {
        case 's':
          return Duration.ofSeconds(n);
        case 'm':
          return Duration.ofMinutes(n);
        case 'h':
          return Duration.ofHours(n);
        default:
          return null;
      }
    } catch (RuntimeException e) {
      return null;
    }
  }
}
