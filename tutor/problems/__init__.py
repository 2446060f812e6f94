"""Play problems: solver-made problem deals, proven over every consistent layout, defended by
a defence that adapts."""
