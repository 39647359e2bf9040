package dev.brisk.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.brisk.json.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CliTest {
  @TempDir Path dir;

  record Run(int code, String out, String err) {}

  static Run brisk(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
    return new Run(code, out.toString(), err.toString());
  }

  /** Runs {@code brisk ARGS} as its own JVM, as the launcher does, and returns its exit code and output. */
  static Run briskProcess(String... args) throws Exception {
    return javaProcess(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()), args);
  }

  /**
   * Runs this JDK's {@code java LAUNCH ARGS} (LAUNCH: {@code -cp ... Main}, or {@code -jar
   * brisk.jar}) with its output in a file, so no pipe can fill, and returns its exit code and
   * output; fails if it runs longer than five minutes.
   */
  static Run javaProcess(List<String> launch, String... args) throws Exception {
    List<String> cmd = new java.util.ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(launch);
    cmd.addAll(List.of(args));
    Path log = Files.createTempFile("brisk-process", ".txt");
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
      if (!p.waitFor(5, java.util.concurrent.TimeUnit.MINUTES)) {
        p.destroyForcibly();
        fail(String.join(" ", cmd) + " did not return");
      }
      return new Run(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8), "");
    } finally {
      Files.delete(log);
    }
  }

  Path write(String name, String content) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, content, StandardCharsets.UTF_8);
    return p;
  }

  @Test
  void versionNamesTheJdkAndHowStringsAreWritten() {
    Run r = brisk("--version");
    assertEquals(0, r.code(), r.err());
    String[] lines = r.out().split("\\R");
    assertTrue(lines[0].startsWith("brisk "), r.out());
    assertTrue(lines[1].startsWith("Java " + Runtime.version()), r.out());
    // This JVM runs from classes, opened or not by the build's test options: the line follows it.
    assertTrue(lines[2].startsWith(dev.brisk.json.JsonWriter.stringsFromOwnArrays()
        ? "strings: written from their own arrays" : "strings: copied before writing"), r.out());
    // Copied on JDK 24 and later, the line names both ways to the strings' own arrays
    assertEquals(!dev.brisk.json.JsonWriter.stringsFromOwnArrays() && Runtime.version().feature() >= 24,
        lines[2].contains("--sun-misc-unsafe-memory-access=allow"), r.out());
  }

  @Test
  void checkAcceptsValidFiles() throws IOException {
    Path doc = write("ok.json", "{\"users\":[{\"name\":\"a\",\"age\":3}]}\n");
    Path lines = write("ok.ndjson", "{\"a\":1}\n\n{\"a\":2}\r\n[3]");
    Run r = brisk("check", doc.toString(), lines.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("ok.json: ok (1 value"), r.out());
    assertTrue(r.out().contains("ok.ndjson: ok (3 values"), r.out());
  }

  @Test
  void checkReportsFileLineColumnMessageAndPath() throws IOException {
    Path bad = write("bad.json", "{\n  \"users\": [\n    {\"name\": \"a\"},\n    {\"name\": nul}\n  ]\n}\n");
    Run r = brisk("check", bad.toString());
    assertEquals(1, r.code());
    assertTrue(
        r.err().contains(bad + ":4:17: invalid literal: expected 'null' but found '}' (at $.users[1].name)"),
        r.err());
  }

  @Test
  void aDeepPathOfLongNamesIsShortenedInTheReport() throws IOException {
    String open = "{\"" + "n".repeat(500) + "\":";
    Path deep = write("deep.json", open.repeat(1001) + "1" + "}".repeat(1001));
    Run r = brisk("check", deep.toString());
    assertEquals(1, r.code());
    String first = r.err().lines().findFirst().orElseThrow();
    assertTrue(first.length() < 400, first);
    assertTrue(first.contains("nesting deeper than maxDepth (1000) (at $.nnn") && first.contains(" characters)...nnn"), first);
  }

  @Test
  void checkReportsEveryBadNdjsonLineAndKeepsGoing() throws IOException {
    Path bad = write("bad.ndjson", "{\"a\":1}\n{\"a\":01}\n{\"a\":3}\n{\"b\":[1,]}\n");
    Run r = brisk("check", bad.toString());
    assertEquals(1, r.code());
    assertTrue(r.err().contains(bad + ":2:6: leading zeros are not allowed in numbers (at $.a)"), r.err());
    assertTrue(r.err().contains(bad + ":4:9: expected a value but found ']'"), r.err());
    assertTrue(r.err().contains("2 invalid values"), r.err());
  }

  /**
   * JSON with comments (editors' settings files): check and fmt refuse it by default with a hint
   * that names their options, accept it with them, and fmt then writes it as strict JSON.
   */
  @Test
  void commentsAndTrailingCommasAreAcceptedWhenAskedFor() throws IOException {
    Path jsonc = write("settings.json", "{\n  // the theme\n  \"theme\": \"dark\",\n  /* sizes */ \"sizes\": [1, 2,],\n}\n");
    Run strict = brisk("check", jsonc.toString());
    assertEquals(1, strict.code());
    assertTrue(strict.err().contains(jsonc + ":2:3: expected a member name in double quotes but found '/'"
        + " (comments are not JSON) (at $); --allow-comments accepts it\n"), strict.err());
    Run noCommas = brisk("check", "--allow-comments", jsonc.toString());
    assertEquals(1, noCommas.code());
    assertTrue(noCommas.err().contains(jsonc + ":4:30: expected a value but found ']'"
        + " (a trailing comma) (at $.sizes[2]); --allow-trailing-commas accepts it\n"), noCommas.err());
    Run lenient = brisk("check", "--allow-comments", "--allow-trailing-commas", jsonc.toString());
    assertEquals(0, lenient.code(), lenient.err());
    assertTrue(lenient.out().contains("settings.json: ok (1 value"), lenient.out());

    Path out = dir.resolve("settings.strict.json");
    Run fmt = brisk("fmt", "--compact", "--allow-comments", "--allow-trailing-commas", "-o", out.toString(), jsonc.toString());
    assertEquals(0, fmt.code(), fmt.err());
    assertEquals("{\"theme\":\"dark\",\"sizes\":[1,2]}\n", Files.readString(out));
    assertEquals(0, brisk("check", out.toString()).code(), "fmt wrote strict JSON");
    Run strictFmt = brisk("fmt", jsonc.toString());
    assertEquals(1, strictFmt.code(), "fmt is strict by default");
    assertTrue(strictFmt.err().contains("(comments are not JSON) (at $); --allow-comments accepts it\n"), strictFmt.err());

    Path lines = write("lenient.ndjson", "{\"a\":1,}\n[2,]\n{\"a\":3}\n");
    Run strictLines = brisk("check", lines.toString());
    assertEquals(1, strictLines.code());
    assertTrue(strictLines.err().contains(lines + ":2:4: expected a value but found ']' (a trailing comma) (at $[1]);"
        + " --allow-trailing-commas accepts it\n"), strictLines.err());
    Path twoValues = write("two.json", "{\"a\":1}\n{\"a\":2}\n");
    Run two = brisk("check", twoValues.toString());
    assertEquals(1, two.code());
    assertTrue(two.err().contains(twoValues + ":2:1: expected the end of the input after the value but found '{'"
        + " on a later line (one value per line?) (at $); --ndjson accepts it\n"), two.err());
    assertEquals(0, brisk("check", "--ndjson", twoValues.toString()).code());
    Run twoFmt = brisk("fmt", twoValues.toString()); // fmt has no such option: it names none
    assertEquals(1, twoFmt.code());
    assertTrue(twoFmt.err().contains("on a later line (one value per line?) (at $)\n"), twoFmt.err());
    Run ndjson = brisk("check", "--allow-trailing-commas", lines.toString());
    assertEquals(0, ndjson.code(), ndjson.err());
    assertTrue(ndjson.out().contains("lenient.ndjson: ok (3 values"), ndjson.out());
  }

  @Test
  void trailingDataAndEmptyFilesAreInvalid() throws IOException {
    assertEquals(1, brisk("check", write("two.json", "{} {}").toString()).code());
    assertEquals(1, brisk("check", write("empty.json", "").toString()).code());
  }

  @Test
  void filesThatCannotBeReadOrWrittenAreOneLineNeverAStackTrace() throws IOException {
    String schema = dir.resolve("nope.schema").toString();
    Path events = write("x.ndjson", "{\"id\":\"1\"}\n");
    Path plain = write("plain.txt", "not a folder");
    Path good = write("f.schema", "create json schema F(id string);");
    String[][] runs = {
      {"compile", "--schema", schema, "--out", dir.resolve("src").toString()},
      {"validate", "--schema", schema, "--type", "F", events.toString()},
      {"ship", "--schema", schema, "--type", "F", "--to", "file:" + dir.resolve("out"), events.toString()},
      {"ship", "--to", "file:" + dir.resolve("out"), dir.resolve("nope.ndjson").toString()},
      {"ship", "--to", "file:" + dir.resolve("out"), dir.toString()},
      {"compile", "--schema", good.toString(), "--out", plain.resolve("src").toString()},
      {"demo", "--events", "10", "--out", plain.resolve("demo").toString()},
      {"bench", "--report-from", events.toString(), "--out", plain.resolve("report").toString()},
      {"opensearch", "start", "--dir", plain.resolve("os").toString()}, // through Main's net for I/O faults
    };
    String[] expected = {
      schema + ": cannot read: no such file",
      schema + ": cannot read: no such file",
      schema + ": cannot read: no such file",
      dir.resolve("nope.ndjson") + ": cannot read: no such file",
      dir + ": cannot read: is a folder",
      plain.resolve("src/brisk/generated/F.java") + ": cannot write: " + plain + " is a file, not a folder",
      plain.resolve("demo/input/users.ndjson") + ": cannot write: " + plain + " is a file, not a folder",
      plain.resolve("report") + ": cannot write: " + plain + " is a file, not a folder",
      plain.resolve("os") + ": " + plain + " is a file, not a folder",
    };
    for (int i = 0; i < runs.length; i++) {
      Run r = brisk(runs[i]);
      String what = String.join(" ", runs[i]) + " said: " + r.err();
      assertEquals(1, r.code(), what);
      assertTrue(r.err().startsWith(expected[i]), what);
      assertEquals(1, r.err().lines().count(), what);
      assertFalse(r.err().contains("Exception"), what);
    }
    Run stop = brisk("opensearch", "stop", "--dir", plain.toString());
    assertEquals(0, stop.code(), stop.out() + stop.err());
    assertEquals("OpenSearch is not running (data in " + plain + ")\n", stop.out());
    // A destination under a file can never be written: a usage error now, not minutes of retries.
    Run under = brisk("ship", "--to", "file:" + plain, "--give-up-after", "10m", events.toString());
    assertEquals(2, under.code(), under.err());
    assertTrue(under.err().contains(plain + " is a file, not a folder"), under.err());
    Run deadUnder = brisk("ship", "--to", "file:" + dir.resolve("out"), "--dead-letter", plain.resolve("d.ndjson").toString(),
        events.toString());
    assertEquals(2, deadUnder.code(), deadUnder.err());
    assertTrue(deadUnder.err().contains("lies under " + plain), deadUnder.err());
  }

  @Test
  void missingFileIsBadInputAndUnknownOptionIsUsage() {
    Run missing = brisk("check", dir.resolve("nope.json").toString());
    assertEquals(1, missing.code());
    assertEquals(dir.resolve("nope.json") + ": cannot read: no such file\n", missing.err());
    Run directory = brisk("check", dir.toString());
    assertEquals(1, directory.code());
    // The stream's own reason (the system's words, "Is a directory" here) follows the reader's.
    assertTrue(directory.err().startsWith(dir + ": cannot read: reading JSON input at offset 0: "), directory.err());
    assertEquals(2, brisk("check", "--bogus", "x.json").code());
    assertEquals(2, brisk().code());
    assertEquals(2, brisk("check").code());
  }

  @Test
  void fmtPrettyPrintsAndCompactsKeepingNumbers() throws IOException {
    Path in = write("in.json", "{\"a\":[1.10,2e5],\"b\":{\"c\":\"\\u00e9\"}}");
    Path pretty = dir.resolve("pretty.json");
    assertEquals(0, brisk("fmt", in.toString(), "-o", pretty.toString()).code());
    assertEquals(
        "{\n  \"a\": [\n    1.10,\n    2e5\n  ],\n  \"b\": {\n    \"c\": \"\\u00e9\"\n  }\n}\n",
        Files.readString(pretty));
    Path compact = dir.resolve("compact.json");
    assertEquals(0, brisk("fmt", "--compact", pretty.toString(), "-o", compact.toString()).code());
    assertEquals("{\"a\":[1.10,2e5],\"b\":{\"c\":\"\\u00e9\"}}\n", Files.readString(compact));
    assertEquals(Json.parse(Files.readAllBytes(in)), Json.parse(Files.readAllBytes(compact)));
  }

  /**
   * fmt copies tokens: what it writes is the input's own members and number texts, duplicates
   * and -0 included (a tree kept the last of two equal names, and wrote -0 as 0).
   */
  @Test
  void fmtKeepsEveryMemberAndNumberTextAsItWas() throws IOException {
    String doc = "{\"a\":1,\"a\":-0,\"b\":[1E+2,-0.0,12345678901234567890123],\"c\":{}}";
    Path in = write("dup.json", "  " + doc + "\n\n");
    Path out = dir.resolve("out.json");
    assertEquals(0, brisk("fmt", "--compact", in.toString(), "-o", out.toString()).code());
    assertEquals(doc + "\n", Files.readString(out));
    Path lines = write("three.ndjson", "{\"x\" : 1}\n[ ]\n\n\"s\"\n");
    assertEquals(0, brisk("fmt", lines.toString(), "-o", out.toString()).code());
    assertEquals("{\"x\":1}\n[]\n\"s\"\n", Files.readString(out));
    // Strings keep their escapes; names are written as the writer writes them.
    Path escapes = write("esc.json", "{\"\\u0061\":\"\\u00e9\\/\\n\"}");
    assertEquals(0, brisk("fmt", "--compact", escapes.toString(), "-o", out.toString()).code());
    assertEquals("{\"a\":\"\\u00e9\\/\\n\"}\n", Files.readString(out));
  }

  /**
   * fmt streams: a document several times larger than the heap is formatted (as a tree it threw
   * OutOfMemoryError). Run in a JVM of its own with a 32 MB heap on a 64 MB document.
   */
  @Test
  void fmtFormatsADocumentLargerThanTheHeap() throws Exception {
    Path in = dir.resolve("big.json");
    String item = "{\"id\":1234567,\"name\":\"abcdefghij\",\"tags\":[\"x\",\"y\"],\"score\":0.5},";
    try (java.io.OutputStream o = new java.io.BufferedOutputStream(Files.newOutputStream(in), 1 << 16)) {
      byte[] b = item.getBytes(StandardCharsets.UTF_8);
      o.write('[');
      for (long n = 0; n < (64L << 20) / b.length; n++) {
        o.write(b);
      }
      o.write("0]\n".getBytes(StandardCharsets.UTF_8));
    }
    Path out = dir.resolve("out.json");
    Run r = javaProcess(List.of("-Xmx32m", "-cp", System.getProperty("java.class.path"), Main.class.getName()),
        "fmt", "--compact", in.toString(), "-o", out.toString());
    assertEquals(0, r.code(), r.out());
    assertEquals(-1, Files.mismatch(in, out), "the compact copy of a compact document is the document");
  }

  /** NDJSON of no values (empty, or blank lines) is fine for fmt, as for check; a JSON document is not. */
  @Test
  void fmtOfNdjsonWithNoValuesWritesNothingAndAnEmptyJsonFileIsBad() throws IOException {
    Path out = dir.resolve("out.ndjson");
    for (String none : new String[] {"", "\n\n\n"}) {
      Path in = write("none.ndjson", none);
      assertTrue(brisk("check", in.toString()).out().contains("ok (0 values"));
      Run r = brisk("fmt", in.toString(), "-o", out.toString());
      assertEquals(0, r.code(), r.err());
      assertEquals("", Files.readString(out));
    }
    Path empty = write("empty.json", "\n");
    Run r = brisk("fmt", empty.toString());
    assertEquals(1, r.code());
    assertTrue(r.err().contains(empty + ":2:1: unexpected end of input: expected a value"), r.err());
  }

  @Test
  void fmtReportsWhereInputIsBad() throws IOException {
    Path in = write("bad.json", "[1,\n 2,,3]");
    Run r = brisk("fmt", in.toString(), "-o", dir.resolve("x").toString());
    assertEquals(1, r.code());
    assertTrue(r.err().contains(in + ":2:4: expected a value but found ','"), r.err());
    assertFalse(Files.exists(dir.resolve("x")), "no output from bad input");
  }

  @Test
  void fmtInPlaceKeepsTheFileAndBadInputLeavesTheOutputAsItWas() throws IOException {
    Path f = write("same.json", "{\"a\" : [1.50, 2e3]}");
    Files.setPosixFilePermissions(f, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r-----"));
    Run r = brisk("fmt", "--compact", f.toString(), "-o", f.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals("{\"a\":[1.50,2e3]}\n", Files.readString(f), "formatted in place, not emptied");
    assertEquals("rw-r-----", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(f)));
    Path link = dir.resolve("link.json");
    Files.createSymbolicLink(link, f);
    assertEquals(0, brisk("fmt", f.toString(), "-o", link.toString()).code());
    assertTrue(Files.isSymbolicLink(link), "the link is written through, not replaced");
    assertEquals("{\n  \"a\": [\n    1.50,\n    2e3\n  ]\n}\n", Files.readString(f));

    Path bad = write("bad.json", "[1,,2]");
    Run failed = brisk("fmt", bad.toString(), "-o", f.toString());
    assertEquals(1, failed.code());
    assertEquals("{\n  \"a\": [\n    1.50,\n    2e3\n  ]\n}\n", Files.readString(f), "left as it was");
    try (java.util.stream.Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of(), files.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList(), "no temporary left");
    }
  }

  @Test
  void fmtSaysWhenItCannotWriteItsOutput() throws IOException {
    Path in = write("in.json", "[1]");
    Run noFolder = brisk("fmt", in.toString(), "-o", dir.resolve("no/such/folder/x.json").toString());
    assertEquals(1, noFolder.code());
    assertEquals(dir.resolve("no/such/folder/x.json") + ": cannot write: no folder " + dir.resolve("no/such/folder") + "\n",
        noFolder.err());
    Path plain = write("plain.json", "[]");
    Run underFile = brisk("fmt", in.toString(), "-o", plain.resolve("x.json").toString());
    assertEquals(plain.resolve("x.json") + ": cannot write: " + plain + " is a file, not a folder\n", underFile.err());
    Run folder = brisk("fmt", in.toString(), "-o", dir.toString());
    assertEquals(1, folder.code());
    assertTrue(folder.err().startsWith(dir + ": cannot write: "), folder.err());
    Run full = brisk("fmt", in.toString(), "-o", "/dev/full");
    assertEquals(1, full.code());
    assertTrue(full.err().startsWith("/dev/full: cannot write: "), full.err());
    assertTrue(Files.exists(Path.of("/dev/full")) && !Files.isRegularFile(Path.of("/dev/full")), "still the device");
    assertEquals(2, brisk("fmt", "--compact", "--indent=4", in.toString()).code());
  }

  @Test
  void progressBarRendering() {
    assertEquals(
        "f [###############---------------]  50% 2.0 MiB / 4.0 MiB  1.0 MiB/s",
        Progress.render("f", 2L << 20, 4L << 20, 2.0));
    assertEquals(
        "f [##############################] 100% 4.0 MiB / 4.0 MiB  4.0 MiB/s",
        Progress.render("f", 4L << 20, 4L << 20, 1.0));
  }

  @Test
  void compileWritesSourcesThatJavacCompiles() throws IOException {
    Path schema = write("users.schema", Files.readString(Path.of("../samples/users.schema")));
    Path out = dir.resolve("src");
    Run r = brisk("compile", "--schema", schema.toString(), "--out", out.toString(), "--package", "com.example.events");
    assertEquals(0, r.code(), r.err());
    Path codec = out.resolve("com/example/events/UserCodec.java");
    assertTrue(r.out().contains(codec.toString()), r.out());
    assertTrue(Files.readString(codec).contains("switch (r.nameHash())"));
    javax.tools.JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
    java.util.List<String> args = new java.util.ArrayList<>(List.of(
        "-classpath", System.getProperty("java.class.path"), "-d", dir.resolve("classes").toString(), "-Xlint:all", "-Werror"));
    try (var files = Files.walk(out)) {
      files.filter(p -> p.toString().endsWith(".java")).forEach(p -> args.add(p.toString()));
    }
    StringWriter javacOut = new StringWriter();
    int code = javac.run(null, null, null, args.toArray(new String[0]));
    assertEquals(0, code, "javac failed on the generated sources" + javacOut);
  }

  @Test
  void compileReportsWhereTheSchemaIsWrong() throws IOException {
    Path schema = write("bad.schema", "create json schema A(id string,\n  name strng)");
    Run r = brisk("compile", "--schema", schema.toString(), "--out", dir.resolve("o").toString());
    assertEquals(1, r.code());
    assertTrue(r.err().startsWith(schema + ":2:3: unknown type 'strng'"), r.err());
    assertEquals(2, brisk("compile", "--schema", schema.toString(), "--out", "o", "--package", "1x").code());
  }

  @Test
  void validateReportsEveryEventThatDoesNotFitTheSchema() throws IOException {
    Path schema = write("users.schema", "create json schema Friend(id string, name string);\n"
        + "create json schema User(name string, age int, friends Friend[]);");
    Path events = write("users.ndjson", "{\"name\":\"a\",\"age\":30}\n"
        + "{\"name\":\"b\",\"age\":\"31\"}\n"
        + "\n"
        + "{\"name\":\"c\",\"friends\":[{\"id\":7}]}\n"
        + "{\"name\":\"d\",\"age\":2147483648}\n"
        + "{\"name\":\"e\",\"extra\":1}\n"
        + "{\"name\":\"f\"}\n");
    Run r = brisk("validate", "--schema", schema.toString(), "--type", "User", events.toString());
    assertEquals(1, r.code(), r.err());
    String[] lines = r.err().split("\n");
    assertEquals(events + ":2:19: expected an int but found a string (at $.age)", lines[0]);
    assertEquals(events + ":4:30: expected a string but found a number (at $.friends[0].id)", lines[1]);
    assertTrue(lines[2].startsWith(events + ":5:19: expected an int (the number 2147483648 is out of range)"), lines[2]);
    assertEquals("3 valid, 3 invalid User events", lines[3]);

    Run strict = brisk("validate", "--schema", schema.toString(), "--type", "User", "--reject-unknown",
        "--require", "age", events.toString());
    assertTrue(strict.err().contains(":6:13: unknown field \"extra\" in User"), strict.err());
    assertTrue(strict.err().contains(":7:12: required field \"age\" of User is missing or null"), strict.err());
    assertTrue(strict.err().endsWith("1 valid, 5 invalid User events\n"), strict.err());

    Run lenient = brisk("validate", "--schema", schema.toString(), "--type", "User", "--lenient", "-q", events.toString());
    // Lenient, as Esper: "31" is an int and 7 a string; the overflow is still an error.
    assertTrue(lenient.err().startsWith(events + ":5:19:"), lenient.err());
    assertTrue(lenient.err().endsWith("5 valid, 1 invalid User events\n"), lenient.err());
  }

  @Test
  void validateAcceptsGoodFilesAndRefusesUnknownTypes() throws IOException {
    Path schema = write("u.schema", "create json schema User(name string)");
    Path doc = write("one.json", "{\"name\":\"x\"}");
    Run ok = brisk("validate", "--schema", schema.toString(), "--type", "User", doc.toString());
    assertEquals(0, ok.code(), ok.err());
    assertEquals("1 valid, 0 invalid User events\n", ok.out());
    Run unknown = brisk("validate", "--schema", schema.toString(), "--type", "Nobody", doc.toString());
    assertEquals(2, unknown.code());
    assertTrue(unknown.err().contains("no schema named Nobody"), unknown.err());
    Run badText = brisk("validate", "--schema", write("bad.schema", "create json schema (x int)").toString(),
        "--type", "User", doc.toString());
    assertEquals(2, badText.code());
    assertTrue(badText.err().contains("bad.schema:1:20:"), badText.err());
  }

  @Test
  void validateBoundsOneEventByMaxTreeLength() throws IOException {
    Path schema = write("tags.schema", "create json schema T(tags string[])");
    Path doc = write("big.json", "{\"tags\":[" + "\"abcdefgh\",".repeat(4000) + "\"z\"]}"); // 44 KB
    Run small = brisk("validate", "--schema", schema.toString(), "--type", "T", "--max-tree-length", "16384",
        doc.toString());
    assertEquals(1, small.code(), small.err());
    assertTrue(small.err().matches("(?s)\\S*big\\.json:1:\\d+: value read into memory from a stream longer than"
        + " maxTreeLength \\(16384 bytes\\) \\(at \\$\\.tags\\[\\d+\\]\\)\n0 valid, 1 invalid T events\n"), small.err());
    Run byDefault = brisk("validate", "--schema", schema.toString(), "--type", "T", doc.toString());
    assertEquals(0, byDefault.code(), byDefault.err());
    Run trailing = brisk("validate", "--schema", schema.toString(), "--type", "T",
        write("two.json", "{\"tags\":[]} {\"tags\":[]}").toString());
    assertEquals(1, trailing.code(), trailing.err());
    assertTrue(trailing.err().contains("two.json:1:13: expected the end of the input after the value but found '{' (at $)"), trailing.err());
  }

  /** Standard input for one run: {@code content}, remembering whether anyone closed it. */
  static final class Stdin extends java.io.ByteArrayInputStream {
    boolean closed;

    Stdin(String content) {
      super(content.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  static Run withStdin(Stdin in, String... args) {
    java.io.InputStream saved = System.in;
    System.setIn(in);
    try {
      return brisk(args);
    } finally {
      System.setIn(saved);
    }
  }

  @Test
  void checkReadsStandardInputNamedDash() {
    Stdin doc = new Stdin("{\"a\":[1,2]}");
    Run ok = withStdin(doc, "check", "-");
    assertEquals(0, ok.code(), ok.err());
    assertEquals("<stdin>: ok (1 value, 11 B)\n", ok.out());
    assertTrue(!doc.closed, "standard input was closed");

    Run lines = withStdin(new Stdin("{\"a\":1}\n{\"a\":01}\n[2]\n"), "check", "--ndjson", "-");
    assertEquals(1, lines.code());
    assertTrue(lines.err().startsWith("<stdin>:2:6: leading zeros are not allowed in numbers (at $.a)\n"), lines.err());
    assertTrue(lines.err().endsWith("<stdin>: 1 invalid value\n"), lines.err());

    Run bad = withStdin(new Stdin("[1,"), "check", "-");
    assertEquals(1, bad.code());
    assertTrue(bad.err().startsWith("<stdin>:1:4: "), bad.err());
  }

  @Test
  void validateReadsStandardInputNamedDash() throws IOException {
    Path schema = write("u.schema", "create json schema User(name string, age int)");
    Stdin events = new Stdin("{\"name\":\"a\",\"age\":3}\n{\"name\":\"b\",\"age\":\"x\"}\n");
    Run r = withStdin(events, "validate", "--schema", schema.toString(), "--type", "User", "--ndjson", "-");
    assertEquals(1, r.code());
    assertEquals("<stdin>:2:19: expected an int but found a string (at $.age)\n1 valid, 1 invalid User events\n", r.err());
    assertTrue(!events.closed, "standard input was closed");
  }

  @Test
  void fmtReadsStandardInputAndLeavesItOpen() throws IOException {
    Stdin in = new Stdin("{\"a\" : [1.50, 2e3]}");
    Path out = dir.resolve("out.json");
    Run r = withStdin(in, "fmt", "--compact", "-", "-o", out.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals("{\"a\":[1.50,2e3]}\n", Files.readString(out));
    assertTrue(!in.closed, "standard input was closed");
    Run bad = withStdin(new Stdin("[1,]"), "fmt", "-", "-o", out.toString());
    assertEquals(1, bad.code());
    assertTrue(bad.err().startsWith("<stdin>:1:4: "), bad.err());
  }
}
