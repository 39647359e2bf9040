package dev.brisk.cli;

import dev.brisk.json.JsonWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The demo's events: users shaped like the Esper case study's {@code User} schema (seed 002,
 * {@code samples/users.schema}), generated from a seed so that every run writes the same bytes.
 * Values look like the records they stand for (names, e-mail addresses, dates, coordinates with
 * all their digits) rather than random letters, so that escaping and number writing meet
 * realistic input.
 */
final class UsersEvents {
  private UsersEvents() {}

  private static final String[] FIRST = {
    "Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken", "Margaret", "Niklaus",
    "Radia", "Tim", "Ole-Johan", "Kristen", "Hedy", "Jean", "Sophie", "Björn", "Zoë", "Łukasz"
  };
  private static final String[] LAST = {
    "Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "Thompson", "Hamilton",
    "Wirth", "Perlman", "Berners-Lee", "Dahl", "Nygaard", "Lamarr", "Sammet", "Wilson", "Stroustrup"
  };
  private static final String[] COMPANY = {
    "ACME", "INITECH", "GLOBEX", "UMBRELLA", "HOOLI", "VANDELAY", "STARK", "WAYNE", "TYRELL", "CYBERDYNE"
  };
  private static final String[] EYES = {"blue", "brown", "green", "grey"};
  private static final String[] FRUIT = {"apple", "banana", "strawberry", "cherry", "mango"};
  private static final String[] TAGS = {
    "dolor", "amet", "consectetur", "adipiscing", "elit", "sed", "tempor", "incididunt", "labore", "magna"
  };
  private static final String ABOUT =
      "Laboris \"quoted\" tempor\\sunt; ipsum <b>nisi</b> ut aliquip ex ea commodo consequat.\n"
          + "Duis aute irure dolor in reprehenderit — in voluptate velit esse cillum dolore.";

  /** Writes {@code count} events, one per line, to {@code out}. */
  static void write(long seed, long count, OutputStream out) throws IOException {
    SplittableRandom r = new SplittableRandom(seed);
    JsonWriter w = JsonWriter.create();
    for (long i = 0; i < count; i++) {
      w.reset();
      user(r, i, w);
      w.writeTo(out);
      out.write('\n');
    }
  }

  /** The schema text the demo compiles: {@code samples/users.schema}, kept in the jar. */
  static String schemaText() throws IOException {
    try (InputStream in = UsersEvents.class.getResourceAsStream("users.schema")) {
      if (in == null) {
        throw new IOException("users.schema is missing from the brisk jar: rebuild it with mvn package");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  static void user(SplittableRandom r, long index, JsonWriter w) {
    String first = FIRST[r.nextInt(FIRST.length)];
    String last = LAST[r.nextInt(LAST.length)];
    String company = COMPANY[r.nextInt(COMPANY.length)];
    w.beginObject();
    w.name("_id").value(hex(r, 24));
    w.name("index").value(index);
    w.name("guid").value(hex(r, 8) + "-" + hex(r, 4) + "-4" + hex(r, 3) + "-a" + hex(r, 3) + "-" + hex(r, 12));
    w.name("isActive").value(Boolean.toString(r.nextBoolean()));
    w.name("balance").value(String.format(Locale.ROOT, "$%,.2f", r.nextInt(400_000) / 100.0));
    w.name("picture").value("https://picsum.photos/seed/" + r.nextInt(100_000) + "/32/32");
    w.name("age").value(18 + r.nextInt(60));
    w.name("eyeColor").value(EYES[r.nextInt(EYES.length)]);
    w.name("name").value(first + " " + last);
    w.name("gender").value(r.nextBoolean() ? "female" : "male");
    w.name("company").value(company);
    w.name("email").value(first.toLowerCase(Locale.ROOT) + "." + last.toLowerCase(Locale.ROOT) + "@"
        + company.toLowerCase(Locale.ROOT) + ".example");
    w.name("phone").value(String.format(Locale.ROOT, "+1 (%03d) %03d-%04d", 200 + r.nextInt(800), r.nextInt(1000), r.nextInt(10_000)));
    w.name("address").value((1 + r.nextInt(999)) + " " + LAST[r.nextInt(LAST.length)] + " Street, Springfield");
    w.name("about").value(ABOUT);
    w.name("registered").value(String.format(Locale.ROOT, "20%02d-%02d-%02dT%02d:%02d:%02d -01:00",
        10 + r.nextInt(16), 1 + r.nextInt(12), 1 + r.nextInt(28), r.nextInt(24), r.nextInt(60), r.nextInt(60)));
    w.name("latitude").value(r.nextDouble(-90, 90));
    w.name("longitude").value(r.nextDouble(-180, 180));
    w.name("tags").beginArray();
    for (int i = r.nextInt(7); i > 0; i--) {
      w.value(TAGS[r.nextInt(TAGS.length)]);
    }
    w.endArray();
    w.name("friends").beginArray();
    for (int i = r.nextInt(4); i > 0; i--) {
      w.beginObject().name("id").value(Integer.toString(r.nextInt(1000)))
          .name("name").value(FIRST[r.nextInt(FIRST.length)] + " " + LAST[r.nextInt(LAST.length)]).endObject();
    }
    w.endArray();
    w.name("greeting").value("Hello, " + first + "! You have " + r.nextInt(20) + " unread messages.");
    w.name("favoriteFruit").value(FRUIT[r.nextInt(FRUIT.length)]);
    w.endObject();
  }

  private static String hex(SplittableRandom r, int n) {
    char[] c = new char[n];
    for (int i = 0; i < n; i++) {
      c[i] = Character.forDigit(r.nextInt(16), 16);
    }
    return new String(c);
  }
}
