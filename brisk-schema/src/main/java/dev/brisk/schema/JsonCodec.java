package dev.brisk.schema;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Generates a {@link Codec} for the annotated record or class at build time, with the annotation
 * processor of {@code dev.brisk:brisk-schema-processor} in the compiler's {@code
 * annotationProcessorPaths}. {@link Codecs#get(Class)} finds it.
 *
 * <pre>{@code
 * @JsonCodec
 * public record User(String name, int age, List<String> tags, Friend[] friends) {}
 *
 * Codec<User> codec = Codecs.get(User.class);
 * User u = codec.read(bytes);
 * }</pre>
 *
 * <p>Supported: records; classes with public fields, or getters and setters, and either a public
 * no-argument constructor or one taking every property by name. Property types: the primitives and
 * their boxes, String, BigInteger, BigDecimal, LocalDate, LocalDateTime, OffsetDateTime,
 * ZonedDateTime, UUID, enums, {@code dev.brisk.json.JsonValue}/{@code JsonObject} (any JSON),
 * arrays, {@code List}, {@code Set}, {@code Map<String, T>}, {@code Optional}, and other records
 * and classes of the same kind (their codecs are generated too). Anything else is a compile error
 * that points at the property.
 *
 * <p>The generated code is the same the run-time schema compiler produces for the same schema:
 * both come from one generator.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface JsonCodec {

  /** What the codec does with members the type does not declare. */
  UnknownFields unknownFields() default UnknownFields.SKIP;

  /** Accept numbers and booleans written as strings ({@code "1"} for an int). Off by default. */
  boolean lenient() default false;

  /** The JSON member name of a property, when it differs from the Java name. */
  @Documented
  @Retention(RetentionPolicy.CLASS)
  @Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT})
  @interface Name {
    /** The member name in JSON. */
    String value();
  }

  /** A property that must be present and not null: otherwise reading fails. */
  @Documented
  @Retention(RetentionPolicy.CLASS)
  @Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT})
  @interface Required {}

  /**
   * The {@code Map<String, JsonValue>} property that keeps members the type does not declare,
   * with {@code unknownFields = CAPTURE}. They are written back after the declared properties.
   */
  @Documented
  @Retention(RetentionPolicy.CLASS)
  @Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT})
  @interface Unknown {}
}
