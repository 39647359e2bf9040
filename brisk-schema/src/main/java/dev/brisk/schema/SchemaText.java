package dev.brisk.schema;

import dev.brisk.schema.gen.CodecGenerator;
import dev.brisk.schema.gen.FieldModel;
import dev.brisk.schema.gen.TypeModel;
import dev.brisk.schema.gen.TypeRef;
import dev.brisk.schema.gen.TypeRef.Kind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The front end for Esper's {@code create json schema} language: parses the text into the schema
 * model. Accepted, as Esper accepts them: several statements separated by {@code ;}, annotations
 * before a statement ({@code @public @buseventtype}), an optional {@code as} before the field list,
 * {@code inherits A, B} (the parents' fields come first), {@code copyfrom C, D} (their fields
 * next, then the schema's own), {@code starttimestamp f} and {@code endtimestamp g} (checked as
 * Esper checks them: a field of the schema, a {@code long} or a date-time; Brisk keeps no event
 * time, so they change nothing else), these four in any order, names in backquotes, {@code //} and
 * {@code /* *}{@code /} comments, and the types of {@link #scalar(String)}, schema names, and
 * arrays of them ({@code T[]}, {@code T[][]}; {@code int[primitive]} for an array of primitives).
 *
 * <p>A scalar field such as {@code int} may be absent, as in Esper, where it is an {@code
 * Integer}: the generated record keeps a primitive and remembers whether it was present, so that
 * reading does not box. Arrays of scalars ({@code int[]}) hold boxed values that may be null, as in
 * Esper; {@code int[primitive]} holds primitives.
 *
 * <p>Not thread-safe; one instance parses one text.
 */
final class SchemaText {
  private final String text;
  private int pos;
  private int line = 1;
  private int lineStart;

  /** One parsed statement, before type names are resolved. */
  private static final class Statement {
    final String name;
    final int line;
    final int column;
    /** {@code @JsonSchema(dynamic=true)}: members the schema does not declare are kept. */
    boolean dynamic;
    final List<String> inherits = new ArrayList<>();
    final List<String> copyFrom = new ArrayList<>();
    /** {@code starttimestamp} and {@code endtimestamp}: the field name, with where it was written. */
    RawField startTimestamp;
    RawField endTimestamp;
    final List<RawField> fields = new ArrayList<>();

    Statement(String name, int line, int column) {
      this.name = name;
      this.line = line;
      this.column = column;
    }
  }

  private static final class RawField {
    final String name;
    final String type;
    final int dims;
    final boolean primitiveArray;
    final int line;
    final int column;

    RawField(String name, String type, int dims, boolean primitiveArray, int line, int column) {
      this.name = name;
      this.type = type;
      this.dims = dims;
      this.primitiveArray = primitiveArray;
      this.line = line;
      this.column = column;
    }
  }

  private SchemaText(String text) {
    this.text = text;
  }

  /**
   * Parses {@code text} into one model per schema, in the order of the text.
   *
   * @throws SchemaException with line and column for text that is not a schema
   */
  static List<TypeModel> parse(String text, String packageName, Schemas.Options options) {
    SchemaText p = new SchemaText(text);
    List<Statement> statements = p.statements();
    return resolve(statements, packageName, options);
  }

  // ---------------------------------------------------------------------------------------------
  // Syntax

  private List<Statement> statements() {
    List<Statement> out = new ArrayList<>();
    skipSpace();
    skipEmptyStatements();
    while (pos < text.length()) {
      boolean dynamic = false;
      while (peek() == '@') {
        dynamic |= annotation();
        skipSpace();
      }
      Statement s = statement();
      s.dynamic = dynamic;
      out.add(s);
      skipSpace();
      if (peek() == ';') {
        skipEmptyStatements();
      } else if (pos < text.length()) {
        throw error("expected ';' between statements but found " + found());
      }
    }
    if (out.isEmpty()) {
      throw error("no schema: expected 'create json schema Name(field type, ...)'");
    }
    return out;
  }

  /** Passes any number of {@code ;}: Esper takes empty statements ({@code ;;}). */
  private void skipEmptyStatements() {
    while (peek() == ';') {
      pos++;
      skipSpace();
    }
  }

  /**
   * Skips an annotation; returns whether it is Esper's {@code @JsonSchema(dynamic=true)}, which
   * keeps the members a schema does not declare (as {@link UnknownFields#CAPTURE} does). Others
   * ({@code @public}, {@code @buseventtype}, {@code @JsonSchema(className=...)}) change nothing.
   */
  private boolean annotation() {
    pos++; // '@'
    String name = identifier("an annotation name after '@'");
    skipSpace();
    int open = pos;
    if (peek() == '(') {
      int depth = 0;
      do {
        char c = text.charAt(pos);
        if (c == '\n') {
          newline(pos);
        }
        if (c == '(') {
          depth++;
        } else if (c == ')') {
          depth--;
        }
        pos++;
      } while (depth > 0 && pos < text.length());
      if (depth > 0) {
        throw error("unclosed '(' in an annotation");
      }
    }
    return name.equalsIgnoreCase("JsonSchema")
        && DYNAMIC.matcher(text.substring(open, pos)).find();
  }

  private static final java.util.regex.Pattern DYNAMIC =
      java.util.regex.Pattern.compile("(?i)\\bdynamic\\s*=\\s*true\\b");

  private Statement statement() {
    keyword("create");
    keyword("json");
    keyword("schema");
    skipSpace();
    int l = line;
    int c = column();
    String name = name("the schema name");
    checkName(name, "schema", l, c);
    Statement s = new Statement(name, l, c);
    skipSpace();
    if (peekWord("as")) {
      pos += 2;
      skipSpace();
    }
    expect('(');
    skipSpace();
    if (peek() != ')') {
      while (true) {
        s.fields.add(field());
        skipSpace();
        if (peek() == ',') {
          pos++;
          skipSpace();
          continue;
        }
        break;
      }
    }
    expect(')');
    skipSpace();
    // Esper's qualifiers, in any order, each as often as written.
    for (;;) {
      if (peekWord("inherits")) {
        pos += "inherits".length();
        names(s.inherits, "an inherited schema name");
      } else if (peekWord("copyfrom")) {
        pos += "copyfrom".length();
        names(s.copyFrom, "a schema name to copy fields from");
      } else if (peekWord("starttimestamp")) {
        pos += "starttimestamp".length();
        s.startTimestamp = timestampField("the start timestamp field");
      } else if (peekWord("endtimestamp")) {
        pos += "endtimestamp".length();
        s.endTimestamp = timestampField("the end timestamp field");
      } else {
        return s;
      }
    }
  }

  /** {@code A, B, ...} into {@code out}; white space after. */
  private void names(List<String> out, String what) {
    skipSpace();
    out.add(name(what));
    skipSpace();
    while (peek() == ',') {
      pos++;
      skipSpace();
      out.add(name(what));
      skipSpace();
    }
  }

  /** The field name after {@code starttimestamp} or {@code endtimestamp}, with where it stands. */
  private RawField timestampField(String what) {
    skipSpace();
    int l = line;
    int c = column();
    RawField f = new RawField(name(what), null, 0, false, l, c);
    skipSpace();
    return f;
  }

  private RawField field() {
    int l = line;
    int c = column();
    String name = name("a field name");
    while (peek() == '.') { // Esper takes x.y as the name of one field
      pos++;
      name = name + "." + name("a field name after '.'");
    }
    checkName(name, "field", l, c);
    skipSpace();
    if (peek() == ',' || peek() == ')') {
      throw error("field \"" + name + "\" has no type: write it as '" + name + " string'");
    }
    String type = qualifiedName();
    int dims = 0;
    boolean primitive = false;
    skipSpace();
    while (peek() == '[') {
      pos++;
      skipSpace();
      if (peekWord("primitive")) {
        pos += "primitive".length();
        skipSpace();
        primitive = true;
      }
      expect(']');
      if (++dims > MAX_DIMENSIONS) {
        throw new SchemaException("field \"" + name + "\" has an array of more than " + MAX_DIMENSIONS
            + " dimensions", l, c);
      }
      skipSpace();
    }
    return new RawField(name, type, dims, primitive, l, c);
  }

  /** A type: names separated by dots, each plain or in backquotes (as Esper's grammar has it). */
  private String qualifiedName() {
    StringBuilder b = new StringBuilder(name("a type"));
    while (peek() == '.') {
      pos++;
      b.append('.').append(name("a type name after '.'"));
    }
    return b.toString();
  }

  /** The most dimensions of an array field (the JVM allows 255, and the generator recurses on each). */
  static final int MAX_DIMENSIONS = 32;

  /** The longest schema or field name, in chars: a name becomes a class file constant and identifier. */
  static final int MAX_NAME_CHARS = 1000;

  /**
   * The most constructor slots a schema's fields may take: the value class's constructor takes
   * them all (a long or double two) after {@code this} and the presence and unknown-member
   * arguments (4), and the JVM allows 255.
   */
  static final int MAX_FIELD_SLOTS = 250;

  private static void checkName(String name, String what, int line, int column) {
    if (name.length() > MAX_NAME_CHARS) {
      throw new SchemaException("a " + what + " name of " + name.length() + " characters ('"
          + name.substring(0, 20) + "...'); a name may have at most " + MAX_NAME_CHARS, line, column);
    }
    if (!FieldModel.hasUtf8Form(name)) {
      // A member name is matched and written as UTF-8, which has no form for it.
      throw new SchemaException("the " + what + " name has a lone surrogate (half of a UTF-16 pair),"
          + " which JSON text in UTF-8 cannot hold", line, column);
    }
  }

  /** A plain identifier or a backquoted name. */
  private String name(String what) {
    if (peek() == '`') {
      int start = ++pos;
      int end = text.indexOf('`', start);
      if (end < 0) {
        throw error("unclosed '`' in " + what);
      }
      if (end == start) {
        throw error("empty name in backquotes");
      }
      pos = end + 1;
      return text.substring(start, end);
    }
    return identifier(what);
  }

  private String identifier(String what) {
    int start = pos;
    if (pos < text.length() && Character.isJavaIdentifierStart(text.charAt(pos))) {
      pos++;
      while (pos < text.length() && Character.isJavaIdentifierPart(text.charAt(pos))) {
        pos++;
      }
      return text.substring(start, pos);
    }
    throw error("expected " + what + " but found " + found());
  }

  private void keyword(String word) {
    skipSpace();
    if (!peekWord(word)) {
      throw error("expected '" + word + "' (a statement is 'create json schema Name(field type, ...)')"
          + " but found " + found());
    }
    pos += word.length();
  }

  private boolean peekWord(String word) {
    int end = pos + word.length();
    return text.regionMatches(true, pos, word, 0, word.length())
        && (end == text.length() || !Character.isJavaIdentifierPart(text.charAt(end)));
  }

  private void expect(char c) {
    if (peek() != c) {
      throw error("expected '" + c + "' but found " + found());
    }
    pos++;
  }

  private int peek() {
    return pos < text.length() ? text.charAt(pos) : -1;
  }

  private String found() {
    if (pos >= text.length()) {
      return "the end of the text";
    }
    int end = pos;
    while (end < text.length() && end - pos < 20 && !Character.isWhitespace(text.charAt(end))) {
      end++;
    }
    return "'" + text.substring(pos, Math.max(end, pos + 1)) + "'";
  }

  private void skipSpace() {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c == '\n') {
        newline(pos);
        pos++;
      } else if (Character.isWhitespace(c)) {
        pos++;
      } else if (text.startsWith("//", pos)) {
        while (pos < text.length() && text.charAt(pos) != '\n') {
          pos++;
        }
      } else if (text.startsWith("/*", pos)) {
        int end = text.indexOf("*/", pos + 2);
        if (end < 0) {
          throw error("unclosed comment '/*'");
        }
        for (int i = pos; i < end; i++) {
          if (text.charAt(i) == '\n') {
            newline(i);
          }
        }
        pos = end + 2;
      } else {
        return;
      }
    }
  }

  private void newline(int at) {
    line++;
    lineStart = at + 1;
  }

  private int column() {
    return pos - lineStart + 1;
  }

  private SchemaException error(String message) {
    return new SchemaException(message, line, column());
  }

  // ---------------------------------------------------------------------------------------------
  // Types

  /** The scalar types by their Esper names (lower case) and Java names. */
  static TypeRef scalar(String name) {
    switch (name.toLowerCase(Locale.ROOT)) {
      case "string":
      case "java.lang.string":
        return TypeRef.of(Kind.STRING);
      case "char":
      case "character":
      case "java.lang.character":
        return TypeRef.of(Kind.CHAR);
      case "boolean":
      case "bool":
      case "java.lang.boolean":
        return TypeRef.of(Kind.BOOLEAN);
      case "byte":
      case "java.lang.byte":
        return TypeRef.of(Kind.BYTE);
      case "short":
      case "java.lang.short":
        return TypeRef.of(Kind.SHORT);
      case "int":
      case "integer":
      case "java.lang.integer":
        return TypeRef.of(Kind.INT);
      case "long":
      case "java.lang.long":
        return TypeRef.of(Kind.LONG);
      case "float":
      case "java.lang.float":
        return TypeRef.of(Kind.FLOAT);
      case "double":
      case "java.lang.double":
        return TypeRef.of(Kind.DOUBLE);
      case "biginteger":
      case "java.math.biginteger":
        return TypeRef.of(Kind.BIG_INTEGER);
      case "bigdecimal":
      case "java.math.bigdecimal":
        return TypeRef.of(Kind.BIG_DECIMAL);
      case "localdate":
      case "java.time.localdate":
        return TypeRef.of(Kind.LOCAL_DATE);
      case "localdatetime":
      case "java.time.localdatetime":
        return TypeRef.of(Kind.LOCAL_DATE_TIME);
      case "offsetdatetime":
      case "java.time.offsetdatetime":
        return TypeRef.of(Kind.OFFSET_DATE_TIME);
      case "zoneddatetime":
      case "java.time.zoneddatetime":
        return TypeRef.of(Kind.ZONED_DATE_TIME);
      case "uuid":
      case "java.util.uuid":
        return TypeRef.of(Kind.UUID);
      case "object":
      case "java.lang.object":
        return TypeRef.of(Kind.ANY);
      case "map":
      case "java.util.map":
        return TypeRef.of(Kind.JSON_OBJECT);
      default:
        return null;
    }
  }

  private static final String KNOWN =
      "string, char, boolean, byte, short, int, long, float, double, BigInteger, BigDecimal,"
          + " LocalDate, LocalDateTime, OffsetDateTime, ZonedDateTime, UUID, Object, Map";

  private static List<TypeModel> resolve(
      List<Statement> statements, String packageName, Schemas.Options options) {
    Map<String, Statement> byName = new LinkedHashMap<>();
    for (Statement s : statements) {
      if (byName.put(s.name, s) != null) {
        throw new SchemaException("schema " + s.name + " is declared twice", s.line, s.column);
      }
    }
    for (String r : options.schemasWithRequired()) {
      if (!byName.containsKey(r)) {
        // A misspelt name would leave its fields optional without a word.
        throw new SchemaException("required(\"" + r + "\", ...) names a schema this text does not declare;"
            + " it declares " + byName.keySet(), statements.get(0).line, statements.get(0).column);
      }
    }
    Map<String, String> classNames = new LinkedHashMap<>();
    Set<String> usedClasses = new HashSet<>();
    for (Statement s : statements) {
      // Each schema gets two classes, C and CCodec, and neither may be another schema's: a
      // schema UserCodec declared before User took the name of User's codec.
      String base = javaName(s.name, true);
      String c = base;
      for (int i = 2; usedClasses.contains(c) || usedClasses.contains(c + "Codec"); i++) {
        c = base + i;
      }
      usedClasses.add(c);
      usedClasses.add(c + "Codec");
      classNames.put(s.name, c);
    }
    List<TypeModel> out = new ArrayList<>();
    for (Statement s : statements) {
      List<RawField> raw = new ArrayList<>();
      collect(s, byName, raw, new HashSet<>());
      List<FieldModel> fields = new ArrayList<>();
      Set<String> jsonNames = new HashSet<>();
      Set<String> javaNames = new HashSet<>();
      for (RawField f : raw) {
        if (!jsonNames.add(f.name)) {
          throw new SchemaException(
              "field \"" + f.name + "\" of " + s.name + " is declared twice", f.line, f.column);
        }
        TypeRef type = type(f, s, byName, classNames, packageName);
        if (s.startTimestamp != null && f.name.equals(s.startTimestamp.name)) {
          checkTimestamp(s, "start", s.startTimestamp, type);
        }
        if (s.endTimestamp != null && f.name.equals(s.endTimestamp.name)) {
          checkTimestamp(s, "end", s.endTimestamp, type);
        }
        String javaName = unique(javaName(f.name, false), javaNames);
        boolean required = options.isRequired(s.name, f.name);
        fields.add(new FieldModel(f.name, javaName, type, required, "v." + javaName + "()", null));
      }
      int slots = 0;
      for (FieldModel f : fields) {
        TypeRef.Kind k = f.type().kind();
        slots += f.type().isPrimitive() && (k == TypeRef.Kind.LONG || k == TypeRef.Kind.DOUBLE) ? 2 : 1;
      }
      if (slots > MAX_FIELD_SLOTS) {
        throw new SchemaException("schema " + s.name + " has " + fields.size() + " fields (with those it"
            + " inherits), more than one Java class takes: they fill " + slots + " constructor slots"
            + " (a long or double field two), and at most " + MAX_FIELD_SLOTS + " are free; move some"
            + " into nested schemas", s.line, s.column);
      }
      for (RawField t : new RawField[] {s.startTimestamp, s.endTimestamp}) {
        if (t != null && !jsonNames.contains(t.name)) {
          throw new SchemaException((t == s.startTimestamp ? "start" : "end") + " timestamp field \"" + t.name
              + "\" is not a field of " + s.name, t.line, t.column);
        }
      }
      if (s.endTimestamp != null && s.startTimestamp == null) {
        throw new SchemaException("endtimestamp needs a starttimestamp too (as Esper says)",
            s.endTimestamp.line, s.endTimestamp.column);
      }
      for (String r : options.requiredIn(s.name)) {
        if (!jsonNames.contains(r)) {
          throw new SchemaException("required field \"" + r + "\" is not a field of " + s.name
              + " (its fields: " + fieldNames(fields) + ")", s.line, s.column);
        }
      }
      String cls = classNames.get(s.name);
      out.add(
          new TypeModel(
              packageName,
              cls,
              cls + "Codec",
              s.name,
              fields,
              TypeModel.Creation.RECORD,
              List.of(),
              // dynamic keeps what skipping would drop; rejecting, asked for, still rejects
              s.dynamic && options.unknown() == TypeModel.Unknown.SKIP ? TypeModel.Unknown.CAPTURE : options.unknown(),
              null,
              options.lenient()));
    }
    return out;
  }

  /**
   * The fields of {@code s} in order: its parents', those of the schemas it copies from, then its
   * own. A field reached twice through the same declaring schema (copied from a schema it also
   * inherits, or a common ancestor) is one field, as in Esper.
   */
  private static void collect(
      Statement s, Map<String, Statement> byName, List<RawField> out, Set<String> visiting) {
    if (!visiting.add(s.name)) {
      throw new SchemaException("schema " + s.name + " inherits or copies from itself", s.line, s.column);
    }
    for (int k = 0; k < 2; k++) {
      for (String from : k == 0 ? s.inherits : s.copyFrom) {
        Statement p = byName.get(from);
        if (p == null) {
          throw new SchemaException("schema " + s.name + (k == 0 ? " inherits from " : " copies fields from ") + from
              + ", which this text does not declare", s.line, s.column);
        }
        collect(p, byName, out, visiting);
      }
    }
    for (RawField f : s.fields) {
      if (!containsSame(out, f)) {
        out.add(f);
      }
    }
    visiting.remove(s.name);
  }

  private static boolean containsSame(List<RawField> fields, RawField f) {
    for (RawField g : fields) {
      if (g == f) {
        return true;
      }
    }
    return false;
  }

  /** A start or end timestamp must be a long or a date-time, as Esper requires (Date, Calendar or long). */
  private static void checkTimestamp(Statement s, String which, RawField at, TypeRef type) {
    TypeRef.Kind k = type.kind();
    boolean ok = k == Kind.LONG || k == Kind.LOCAL_DATE_TIME || k == Kind.OFFSET_DATE_TIME || k == Kind.ZONED_DATE_TIME;
    if (!ok) {
      throw new SchemaException(which + " timestamp field \"" + at.name + "\" of " + s.name + " is " + type
          + ", not a long or a date-time (LocalDateTime, OffsetDateTime, ZonedDateTime)", at.line, at.column);
    }
  }

  private static TypeRef type(
      RawField f, Statement s, Map<String, Statement> byName, Map<String, String> classNames,
      String packageName) {
    // A built-in type name means the built-in type even where a schema has that name, as in
    // Esper (a schema named string leaves 'x string' a String).
    TypeRef base = scalar(f.type);
    Statement nested = base == null ? byName.get(f.type) : null;
    if (nested != null) {
      String cls = classNames.get(f.type);
      base = TypeRef.object(cls, cls + "Codec");
    } else {
      if (base == null) {
        throw new SchemaException(
            "unknown type '" + f.type + "' for field \"" + f.name + "\" of " + s.name
                + " (the types are " + KNOWN + ", a schema declared in this text, and arrays of"
                + " them)",
            f.line, f.column);
      }
      if (f.dims > 0 && !f.primitiveArray && base.kind().hasPrimitive()) {
        base = TypeRef.boxed(base.kind()); // Esper's int[] holds Integer values, null allowed
      }
    }
    if (f.primitiveArray && nested != null) { // on a scalar without a primitive, as string, it is [] (Esper)
      throw new SchemaException(
          "'[primitive]' needs a scalar element type such as int, not the schema " + f.type,
          f.line, f.column);
    }
    for (int i = 0; i < f.dims; i++) {
      base = TypeRef.arrayOf(base);
    }
    return base;
  }

  private static final Set<String> JAVA_KEYWORDS =
      Set.of(
          "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const",
          "continue", "default", "do", "double", "else", "enum", "extends", "final", "finally",
          "float", "for", "goto", "if", "implements", "import", "instanceof", "int", "interface",
          "long", "native", "new", "package", "private", "protected", "public", "return", "short",
          "static", "strictfp", "super", "switch", "synchronized", "this", "throw", "throws",
          "transient", "try", "void", "volatile", "while", "true", "false", "null", "var", "yield",
          "record", "_");

  /** A Java identifier close to {@code name}: invalid characters become '_'. */
  static String javaName(String name, boolean type) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      b.append(i == 0 ? (Character.isJavaIdentifierStart(c) ? c : '_')
          : (Character.isJavaIdentifierPart(c) ? c : '_'));
      if (i == 0 && !Character.isJavaIdentifierStart(c) && Character.isJavaIdentifierPart(c)) {
        b.append(c); // a leading digit is kept after the '_'
      }
    }
    String s = b.toString();
    if (JAVA_KEYWORDS.contains(s) || s.contains("$")
        || (!type && CodecGenerator.isReservedRecordMember(s))) {
      s = s.replace('$', '_') + "_";
    }
    if (type && Set.of("JsonRecord", "RecordType", "JsonReader", "JsonToken", "JsonWriter",
        "CodecSupport", "GeneratedCodec", "Object", "String").contains(s)) {
      s = s + "_";
    }
    return s;
  }

  private static String unique(String name, Set<String> used) {
    String n = name;
    for (int i = 2; !used.add(n); i++) {
      n = name + i;
    }
    return n;
  }

  /** The JSON names of a type's fields for a message: the first twenty, and how many more. */
  private static String fieldNames(List<FieldModel> fields) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < fields.size() && i < 20; i++) {
      sb.append(i == 0 ? "" : ", ").append(fields.get(i).jsonName());
    }
    if (fields.size() > 20) {
      sb.append(" and ").append(fields.size() - 20).append(" more");
    }
    return fields.isEmpty() ? "none" : sb.toString();
  }
}
