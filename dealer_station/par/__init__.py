"""Par sheets: exact hit frequencies and house edges of the games' side bets, by full
enumeration of the deals (no sampling), for the par-sheet command and the benchmarks."""
