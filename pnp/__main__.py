from pnp.cli import main

raise SystemExit(main())
