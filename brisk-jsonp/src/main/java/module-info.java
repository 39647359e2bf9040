/**
 * A Jakarta JSON Processing 2.1 provider on Brisk's core reader and writer. On the module path
 * {@code jakarta.json}'s {@code JsonProvider.provider()} finds it through the ServiceLoader, as on
 * the class path.
 */
module dev.brisk.jsonp {
  requires transitive jakarta.json;
  requires dev.brisk.json;

  exports dev.brisk.jsonp;

  provides jakarta.json.spi.JsonProvider with dev.brisk.jsonp.BriskJsonProvider;
}
