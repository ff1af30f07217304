"""draw: the device-independent drawing model, in millimetres, origin top-left."""
