from beegames.core.words import without_subject


def test_a_hint_line_names_its_player_once():
    assert without_subject("Ann places a 2 on flower 2 (pink).", "Ann") == "places a 2 on flower 2 (pink)."
    assert without_subject("White: wQ /wG1 (Queen Bee placed)", "White") == "wQ /wG1 (Queen Bee placed)"
    assert without_subject("Annabel places a 2.", "Ann") == "Annabel places a 2."  # another name
    assert without_subject("Ann", "Ann") == "Ann" and without_subject("x", "") == "x"
