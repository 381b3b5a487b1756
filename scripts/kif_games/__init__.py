"""Rule-sheet templates of the board games that scripts/generate_games.py writes into games_kif/."""
