"""layout: faces -> pages and the manifest. Knows paper, margins, cutting and tiling; not what is on a face."""
