"""Another app's data into a Runde: the upload, the preview with the names mapped, the import."""
