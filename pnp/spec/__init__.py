"""spec: YAML files -> validated game model. Knows YAML and validation, not drawing."""
