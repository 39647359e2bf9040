/**
 * The {@code brisk} command ({@link dev.brisk.cli.Main}): {@code demo}, {@code ship}, {@code
 * validate}, {@code compile}, {@code check}, {@code fmt}, {@code opensearch} and {@code bench}.
 * An application, not a library API.
 */
package dev.brisk.cli;
