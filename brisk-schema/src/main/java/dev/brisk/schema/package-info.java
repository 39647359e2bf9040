/**
 * Codecs generated from a schema, with one generator behind two front ends. At run time, {@link
 * dev.brisk.schema.Schemas#compile Schemas.compile} takes Esper's {@code create json schema}
 * text and compiles codecs in process (with Janino): {@link dev.brisk.schema.SchemaSet#codec
 * SchemaSet.codec(name)} gives a {@code Codec<JsonRecord>}. At build time, {@link
 * dev.brisk.schema.JsonCodec @JsonCodec} on a record or class has the annotation processor of
 * {@code brisk-schema-processor} generate its codec, which {@link dev.brisk.schema.Codecs#get
 * Codecs.get(Class)} finds.
 *
 * <p>{@link dev.brisk.schema.Codec Codecs} are thread-safe. {@code CodecSupport}, {@code
 * GeneratedCodec} and {@code RecordType} are public only for generated code.
 */
package dev.brisk.schema;
