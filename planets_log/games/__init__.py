"""The five games, one package each on one house plan; each imports only planets_log.game, never another game."""
