/**
 * org.json trees straight to UTF-8 bytes, with no {@code toString()} of the tree: {@link
 * dev.brisk.orgjson.OrgJson}, and {@link dev.brisk.orgjson.BriskMixpanelSerializer} for
 * mixpanel-java's {@code /import} batches. org.json and mixpanel-java are {@code provided}
 * dependencies. Stateless and thread-safe.
 */
package dev.brisk.orgjson;
