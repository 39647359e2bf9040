/**
 * Codecs generated from a schema: Esper's {@code create json schema} text compiled at run time
 * (with Janino), and the codecs brisk-schema-processor generates at build time for {@code
 * @JsonCodec} types, found by {@link dev.brisk.schema.Codecs#get}.
 *
 * <p>{@code dev.brisk.schema.gen} is exported for the annotation processor only; it is not API.
 */
@SuppressWarnings("requires-automatic") // Janino's jars name their modules in their manifests
module dev.brisk.schema {
  requires transitive dev.brisk.json;
  requires java.compiler; // SourceVersion, which checks a package name
  requires org.codehaus.janino;
  requires org.codehaus.commons.compiler;

  exports dev.brisk.schema;
  exports dev.brisk.schema.gen;
}
