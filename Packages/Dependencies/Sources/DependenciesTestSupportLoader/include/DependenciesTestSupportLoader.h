// Intentionally empty: this target only runs a load-time constructor (see Loader.c).
