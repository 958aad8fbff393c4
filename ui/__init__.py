"""The pygame front end: scenes, sprites and the pure table geometry."""
